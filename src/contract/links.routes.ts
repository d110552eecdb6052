import * as t from 'io-ts'
import { route } from './route'
import { entity, errors } from './codecs'

/**
 * GET /public/links: map of links to the other apps (spec section 7), plus the live-events websocket
 * URL (spec: 'a WebSocket to a URL from cached link settings'). Keys other than the listed ones may
 * be added by the server; every value is a URL string.
 */
export const Links = entity(
  'Links',
  { websocket: t.string },
  {
    auth: t.string,
    calendar: t.string,
    admin: t.string,
    employees: t.string,
    marketing: t.string,
    pos: t.string,
    stock: t.string,
    reporting: t.string,
    customerApp: t.string,
    patientJourney: t.string,
  },
)
export type Links = t.TypeOf<typeof Links>

export const getPublicLinks = route({
  method: 'GET',
  path: '/public/links',
  access: 'public',
  summary: 'The public links of the app',
  description: 'Where the live-events socket, the sign-in pages and the customer area of this tenant are.',
  responses: { 200: Links, ...errors(404) },
})
