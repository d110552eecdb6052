import { StrictMode, type ReactElement, type ReactNode } from 'react'
import type { RouteObject } from 'react-router-dom'
import { ContainerProvider, type ViewModelResolver } from '../ui/use-view-model'
import { AppRoutes } from '../ui/routes'

/**
 * The app's element tree, the same in the browser (BrowserRouter) and in the server's render of the
 * first view (StaticRouter): hydration needs the same tree on both sides.
 */
export function appElement(options: {
  resolver: ViewModelResolver
  prepare: () => Promise<void>
  routes: RouteObject[]
  router: (children: ReactNode) => ReactElement
}): ReactElement {
  return (
    <StrictMode>
      <ContainerProvider resolver={options.resolver} prepare={options.prepare}>
        {options.router(<AppRoutes routes={options.routes} />)}
      </ContainerProvider>
    </StrictMode>
  )
}
