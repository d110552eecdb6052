import { queryOf } from './fetch-transport'
import type { HttpRequest, HttpTransport } from './transport'

/**
 * API answers the page arrived with, by request (src/contract/first-view-answers.ts): a route's path
 * alone for a request without a query, else the path and its query (inlineAnswerKey).
 */
export type InlineAnswers = Record<string, unknown>

/** The key of a GET's answer in the page: '/public-clinics', '/categories?clinic=…&limit=…' (the query as the fetch transport sends it). */
export function inlineAnswerKey(url: string, params: HttpRequest['params']): string {
  const query = queryOf(params)
  return query ? `${url}?${query}` : url
}

/**
 * The answers the server put into the page (issue 28: the first view renders without waiting a round
 * trip after its scripts), read once; none when the element is missing or unreadable.
 */
export function readInlineAnswers(doc: Pick<Document, 'getElementById'>, elementId: string): InlineAnswers {
  const text = doc.getElementById(elementId)?.textContent
  if (!text) return {}
  try {
    const answers: unknown = JSON.parse(text)
    return answers !== null && typeof answers === 'object' && !Array.isArray(answers) ? (answers as InlineAnswers) : {}
  } catch {
    return {}
  }
}

/**
 * `transport`, except that the first GET without a body of a request the page carries an answer for
 * is answered with it (200), once: later requests (a reload of the data, another page) go to the server.
 */
export function withInlineAnswers(transport: HttpTransport, answers: InlineAnswers): HttpTransport {
  const left = new Map(Object.entries(answers))
  return {
    request: (req) => {
      const key = req.method.toUpperCase() === 'GET' && req.data === undefined ? inlineAnswerKey(req.url, req.params) : undefined
      if (key !== undefined && left.has(key)) {
        const data = left.get(key)
        left.delete(key)
        return Promise.resolve({ status: 200, data })
      }
      return transport.request(req)
    },
  }
}
