import { parseLeadQuery } from '../domain/validation/lead-query'

/**
 * What the lead form's markup depends on besides the build (issue 28): the parts of its query that
 * change what the form shows before it is used (heading, fields, colours, font, texts). The thank-you
 * text, the redirect URL and preview mode act after Submit only, and a campaign's utm_* nothing: every
 * query with the same state is one server page. The server writes it beside its markup and the browser
 * hydrates that markup where its own query reads the same.
 */
export function leadPageState(search: string): string {
  const { thankYouText: _thanks, redirectUrl: _redirect, ...shown } = parseLeadQuery(search)
  return JSON.stringify(shown)
}

/** The attribute of the root element that carries the server's state (the root holds its markup then). */
export const LEAD_STATE_ATTRIBUTE = 'data-lead-form'
