import type { HttpTransport } from './transport'

/** API answers the page arrived with, by route path (src/contract/first-view-answers.ts). */
export type InlineAnswers = Record<string, unknown>

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
 * `transport`, except that the first plain GET of a path the page carries an answer for is answered
 * with it (200), once: later requests (a reload of the data, another page) go to the server.
 */
export function withInlineAnswers(transport: HttpTransport, answers: InlineAnswers): HttpTransport {
  const left = new Map(Object.entries(answers))
  return {
    request: (req) => {
      const plain = req.method.toUpperCase() === 'GET' && req.data === undefined && Object.values(req.params ?? {}).every((v) => v === undefined || v === null)
      if (plain && left.has(req.url)) {
        const data = left.get(req.url)
        left.delete(req.url)
        return Promise.resolve({ status: 200, data })
      }
      return transport.request(req)
    },
  }
}
