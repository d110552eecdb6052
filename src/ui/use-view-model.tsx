import { createContext, useContext, type ReactNode } from 'react'
import type { Container } from 'inversify'

interface ContainerContextValue {
  container: Container
  /** Loads the lazily bound modules (use cases, HTTP adapters, later view models). */
  prepare: () => Promise<void>
}

const ContainerContext = createContext<ContainerContextValue | null>(null)

const ready = () => Promise.resolve()

/** `prepare` defaults to nothing to load (tests that bind everything up front). */
export function ContainerProvider({ container, prepare = ready, children }: { container: Container; prepare?: () => Promise<void>; children: ReactNode }) {
  return <ContainerContext.Provider value={{ container, prepare }}>{children}</ContainerContext.Provider>
}

function useContainerContext(): ContainerContextValue {
  const value = useContext(ContainerContext)
  if (!value) throw new Error('useViewModel outside ContainerProvider')
  return value
}

/**
 * Route-level components obtain their view model here (the only container lookup of the UI). A view
 * model of a lazy page is bound once its route has loaded (see lazyPage in routes.tsx).
 */
export function useViewModel<T>(token: symbol | (abstract new (...args: never[]) => T)): T {
  return useContainerContext().container.get<T>(token as never)
}

/** The loader of the lazily bound modules, for components that open a lazy dialog. */
export function usePrepare(): () => Promise<void> {
  return useContainerContext().prepare
}
