/**
 * The server's render of the embeddable lead form /lead (issue 28): the form as a new visitor's
 * browser first renders it for the page's query (heading, fields, Submit), from the same components,
 * so that the page paints it before any script and the browser hydrates it (src/lead.main.tsx).
 * `npm run build` compiles this file with Vite (--ssr: dist/ssr/lead.ssr.js, CSS modules' class names
 * as in the browser's build); the server imports that file (server/http/lead-page.ts), never Vite.
 * The form asks the API nothing before Submit: its markup depends on the query alone (leadPageState).
 */
import { Container } from 'inversify'
import { enableStaticRendering } from 'mobx-react-lite'
import { renderToString } from 'react-dom/server'
import { ContainerProvider } from '../ui/use-view-model'
import { LeadShell } from '../ui/pages/lead/LeadShell'
import { LeadViewModel } from '../ui/view-models/lead.view-model'
import { parseLeadQuery } from '../domain/validation/lead-query'
import { leadModule, type LeadWindow } from './lead.container'
import { leadPageState } from './lead-state'

enableStaticRendering(true)

export { leadPageState }

export interface RenderedLeadForm {
  /** The markup inside the root element. */
  html: string
  /** What the browser compares with its own query's before it hydrates (lead-state.ts). */
  state: string
}

/** Nothing leaves the server's render (its effects do not run): no window to post to or leave, no request. */
const serverWindow = (host: string): LeadWindow => ({ location: { host, assign: () => undefined }, parent: { postMessage: () => undefined } })
const offline = () => Promise.reject(new Error('no requests in the server render'))

/**
 * A colour or font of the query that would be more than one declaration in the style attribute the
 * server writes (';', braces, a url()): the browser's render sets it through the CSSOM, which takes it
 * as one value or refuses it; the server's markup would not, and hydration does not correct attributes.
 */
const STYLE_BREAK = /[;{}\\]|url\(|expression\(/i
const styleSafe = (search: string) => {
  const { font, textColour, backgroundColour, buttonColour, buttonTextColour } = parseLeadQuery(search)
  return [font, textColour, backgroundColour, buttonColour ?? '', buttonTextColour ?? ''].every((value) => !STYLE_BREAK.test(value))
}

/**
 * The lead form for the query `search` ('?title=…' or ''), as a new visitor's browser first renders
 * it; undefined for a query whose styles the server leaves to the browser's render (styleSafe).
 */
export function renderLeadForm({ search, host }: { search: string; host: string }): RenderedLeadForm | undefined {
  if (!styleSafe(search)) return undefined
  const container = new Container()
  container.load(leadModule({ http: { baseUrl: '/api' }, window: serverWindow(host), fetcher: offline }))
  container.get(LeadViewModel).configure(search)
  const html = renderToString(
    <ContainerProvider resolver={container}>
      <LeadShell search={search} />
    </ContainerProvider>,
  )
  return { html, state: leadPageState(search) }
}
