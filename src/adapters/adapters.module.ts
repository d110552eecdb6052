import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import type { TokenStore } from '../application/ports/token-store.port'
import type { HttpTransport } from './http/transport'
import { createHttpClient, type HttpConfig } from './http/http-client'
import { bindHttpPorts } from './http/http-ports.module'

export type { HttpConfig }
export { httpAdapterClasses } from './http/http-ports.module'
export { browserAdaptersModule, DEFAULT_GEOCODER_URL, type BrowserAdaptersConfig } from './browser-adapters.module'

/**
 * Node's HTTP side: the axios client (PORTS.HttpClient: base URL, timeout, X-Tenant, the TokenStore's
 * token as 'Bearer') and every Http* adapter on its port token. The TokenStore itself comes from a
 * storage module or the composition root. The browser binds the fetch transport instead.
 */
export function httpAdaptersModule(config: HttpConfig = {}): ContainerModule {
  return new ContainerModule((options) => {
    options.bind<HttpTransport>(PORTS.HttpClient)
      .toDynamicValue((context) => createHttpClient(config, context.get<TokenStore>(PORTS.TokenStore)))
      .inSingletonScope()
    bindHttpPorts(options)
  })
}
