import { Container, ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import type { TokenStore } from '../application/ports/token-store.port'
import { SubmitLead } from '../application/use-cases/forms.use-case'
import { LazyHttpLeadsApi } from '../adapters/http/lazy-leads.adapter'
import type { HttpConfig, HttpTransport } from '../adapters/http/transport'
import { createFetchTransport, type Fetcher } from '../adapters/http/fetch-transport'

import { NAVIGATOR, type Navigator } from '../ui/view-models/app-services'
import { ToastViewModel } from '../ui/view-models/toast.view-model'
import { LEAD_HOST, LeadViewModel, windowLeadHost, type MessageWindow } from '../ui/view-models/lead.view-model'
import { apiBaseOf } from '../adapters/http/api-base'
import { SystemClock } from '../adapters/clock/system-clock.adapter'

/** The lead form sends no token: it is a public call, and the page lives in other sites' iframes. */
const noToken: TokenStore = { get: () => null, set: () => undefined, clear: () => undefined }

/** What the /lead page uses of its window: its host, navigation and the parent it is embedded in. */
export interface LeadWindow extends MessageWindow {
  location: Pick<Location, 'host' | 'assign'>
}

/** /lead leaves the page only for the redirect URL after a lead is sent outside an iframe. */
const pageNavigator = (win: LeadWindow): Navigator => ({
  go: (path) => win.location.assign(path),
  leave: (url) => win.location.assign(url),
})

export interface LeadCompositionOptions {
  http: HttpConfig
  window: LeadWindow
  /** the fetch the lead call uses (tests) */
  fetcher?: Fetcher
}

/**
 * What the embeddable lead form needs and nothing else: the lead view model, the toasts, the
 * SubmitLead use case on the leads adapter over the fetch transport, the parent window as the
 * LeadHost. No session, links, catalogue or booking modules: /lead is embedded in other sites, so its
 * page loads only this (spec section 2, lead form).
 */
export function leadModule(options: LeadCompositionOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(PORTS.Clock).toConstantValue(new SystemClock())
    bind(NAVIGATOR).toConstantValue(pageNavigator(options.window))
    bind(LEAD_HOST).toConstantValue(windowLeadHost(options.window))
    bind<HttpTransport>(PORTS.HttpClient).toConstantValue(createFetchTransport(options.http, noToken, options.fetcher))
    // The HTTP adapter itself is imported with the first lead sent (not before Submit can be used).
    bind(PORTS.LeadsApi).to(LazyHttpLeadsApi).inSingletonScope()
    bind(SubmitLead).toSelf().inSingletonScope()
    bind(ToastViewModel).toSelf().inSingletonScope()
    bind(LeadViewModel).toSelf().inSingletonScope()
  })
}

/** The composition root of the /lead page (its own entry, lead.html): the only container it builds. */
export function createLeadContainer(win: Window = window): Container {
  const env = import.meta.env as Record<string, string | boolean | undefined>
  const container = new Container()
  container.load(leadModule({ http: { baseUrl: apiBaseOf('', { configured: env.VITE_API_BASE as string | undefined, host: win.location.host }) }, window: win }))
  return container
}
