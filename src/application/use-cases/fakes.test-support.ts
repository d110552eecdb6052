// In-memory fakes of the ports for use-case tests: each method answers what the test scripted and
// records its calls; an unscripted call fails the test loudly.
import * as E from 'fp-ts/Either'
import type { ApiFailure } from '../failure'

export type Calls = { method: string; args: unknown[] }[]

export interface Fake<T> {
  port: T
  calls: Calls
  /** Scripts a method: a function of its arguments, or a queue of results used one per call (the last repeats). */
  on<K extends keyof T>(method: K, answer: T[K] extends (...args: infer A) => Promise<infer R> ? ((...args: A) => R | Promise<R>) | R[] : never): Fake<T>
}

export function fake<T extends object>(): Fake<T> {
  const calls: Calls = []
  const answers = new Map<PropertyKey, ((...args: unknown[]) => unknown) | unknown[]>()
  const port = new Proxy({} as T, {
    get(_, method) {
      if (method === 'then') return undefined
      return async (...args: unknown[]) => {
        calls.push({ method: String(method), args })
        const answer = answers.get(method)
        if (answer === undefined) throw new Error(`Unscripted call: ${String(method)}(${JSON.stringify(args)})`)
        if (typeof answer === 'function') return answer(...args)
        return answer.length > 1 ? answer.shift() : answer[0]
      }
    },
  })
  const self: Fake<T> = {
    port,
    calls,
    on(method, answer) {
      answers.set(method, answer as never)
      return self
    },
  }
  return self
}

export const ok = <A>(value: A) => E.right(value)
export const httpFail = (status: number, message?: string) =>
  E.left<ApiFailure>(
    message ? { _tag: 'HttpError', status, message, serverMessage: message } : { _tag: 'HttpError', status, message: `Request failed with status ${status}` },
  )
export const unreachable = (message = 'Network Error') => E.left<ApiFailure>({ _tag: 'Unreachable', message })
export const id = (n: number) => n.toString(16).padStart(24, '0')
