import type { Clock } from '../../application/ports/clock.port'

const abortError = () => Object.assign(new Error('Aborted'), { name: 'AbortError' })

/** Real time: Date and setTimeout. */
export class SystemClock implements Clock {
  now(): Date {
    return new Date()
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError())
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = () => {
        clearTimeout(timer)
        reject(abortError())
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
}

/** Test clock: sleeping advances the time at once. */
export class ManualClock implements Clock {
  readonly sleeps: number[] = []
  constructor(private current: Date = new Date('2026-01-05T09:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current)
  }
  set(date: Date): void {
    this.current = new Date(date)
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw abortError()
    this.sleeps.push(ms)
    this.current = new Date(this.current.getTime() + ms)
    await Promise.resolve()
    if (signal?.aborted) throw abortError()
  }
}
