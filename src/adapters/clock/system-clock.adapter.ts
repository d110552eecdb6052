import type { Clock } from '../../application/ports/clock.port'

const abortError = () => Object.assign(new Error('Aborted'), { name: 'AbortError' })

/** Real time: Date, setTimeout and setInterval. */
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
  every(ms: number, tick: () => void): () => void {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  }
  after(ms: number, run: () => void): () => void {
    const id = setTimeout(run, ms)
    return () => clearTimeout(id)
  }
}

/** Test clock: time moves only when the test says (advance, set) or a sleep asks; due timers then run in order. */
export class ManualClock implements Clock {
  readonly sleeps: number[] = []
  private timers: { at: number; every?: number; run: () => void; id: number }[] = []
  private nextId = 1
  time: number
  constructor(start: Date | number = new Date('2026-01-05T09:00:00.000Z')) {
    this.time = typeof start === 'number' ? start : start.getTime()
  }
  now(): Date {
    return new Date(this.time)
  }
  set(date: Date): void {
    this.time = date.getTime()
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw abortError()
    this.sleeps.push(ms)
    this.advance(ms)
    await Promise.resolve()
    if (signal?.aborted) throw abortError()
  }
  every(ms: number, tick: () => void): () => void {
    const id = this.nextId++
    this.timers.push({ at: this.time + ms, every: ms, run: tick, id })
    return () => (this.timers = this.timers.filter((t) => t.id !== id))
  }
  after(ms: number, run: () => void): () => void {
    const id = this.nextId++
    this.timers.push({ at: this.time + ms, run, id })
    return () => (this.timers = this.timers.filter((t) => t.id !== id))
  }
  /** Moves the clock forward, running due timers in time order. */
  advance(ms: number): void {
    const end = this.time + ms
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.time = due.at
      if (due.every) due.at += due.every
      else this.timers = this.timers.filter((t) => t.id !== due.id)
      due.run()
    }
    this.time = end
  }
  /** Timers still waiting. */
  get pending(): number {
    return this.timers.length
  }
}
