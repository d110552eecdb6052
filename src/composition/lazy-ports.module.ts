import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import { useCaseClasses, useCasesModule } from '../application/application.module'
import { httpAdapterClasses } from '../adapters/http/http-ports.module'
import { firstViewPorts, firstViewUseCaseClasses } from './first-view.module'

/** The Http* adapters that the first view did not bind. */
const lazyPortsModule = new ContainerModule(({ bind }) => {
  for (const [port, adapter] of Object.entries(httpAdapterClasses)) {
    if (port in firstViewPorts) continue
    bind(PORTS[port as keyof typeof httpAdapterClasses]).to(adapter).inSingletonScope()
  }
})

/**
 * The HTTP adapters and use cases that the first view did not bind: the lazy modules' first step
 * (browser.container.ts), the contract's codecs with them; the view models follow in tasks of their own
 * (lazy-account.module.ts, lazy.module.ts).
 */
export const lazyPortsModules: readonly ContainerModule[] = [
  lazyPortsModule,
  useCasesModule(Object.values(useCaseClasses).filter((c) => !firstViewUseCaseClasses.includes(c))),
]
