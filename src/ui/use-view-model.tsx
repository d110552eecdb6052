import { createContext, useContext, type ReactNode } from 'react'
import type { ServiceIdentifier } from 'inversify'

/** What the composition root hands the UI: its view models by class or token (the UI never sees the container). */
export interface ViewModelResolver {
  get<T>(token: ServiceIdentifier<T>): T
}

interface ContainerContextValue {
  resolver: ViewModelResolver
  /** Loads the lazily bound modules (use cases, HTTP adapters, later view models). */
  prepare: () => Promise<void>
}

const ContainerContext = createContext<ContainerContextValue | null>(null)

const ready = () => Promise.resolve()

/** `prepare` defaults to nothing to load (tests that bind everything up front). */
export function ContainerProvider({ resolver, prepare = ready, children }: { resolver: ViewModelResolver; prepare?: () => Promise<void>; children: ReactNode }) {
  return <ContainerContext.Provider value={{ resolver, prepare }}>{children}</ContainerContext.Provider>
}

function useContainerContext(): ContainerContextValue {
  const value = useContext(ContainerContext)
  if (!value) throw new Error('useViewModel outside ContainerProvider')
  return value
}

/**
 * Route-level components obtain their view model here (the only view-model lookup of the UI). A view
 * model of a lazy page is bound once its route has loaded (see lazyPage in routes.tsx).
 */
export function useViewModel<T>(token: symbol | (abstract new (...args: never[]) => T)): T {
  return useContainerContext().resolver.get<T>(token as never)
}

/** The loader of the lazily bound modules, for components that open a lazy dialog. */
export function usePrepare(): () => Promise<void> {
  return useContainerContext().prepare
}
