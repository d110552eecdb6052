import type { Ticker } from './views'
import type { Navigator } from './app-services'

/** A ticker whose timers run when the test says so. */
export class ManualTicker implements Ticker {
  time = Date.UTC(2026, 5, 15, 23, 30) // 00:30 on 16 June in London
  timers: { at: number; run: () => void }[] = []
  now = (): number => this.time
  every = (): (() => void) => () => undefined
  after = (ms: number, run: () => void): (() => void) => {
    const timer = { at: this.time + ms, run }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter((t) => t !== timer)
    }
  }
  advance(ms: number): void {
    this.time += ms
    const due = this.timers.filter((t) => t.at <= this.time)
    this.timers = this.timers.filter((t) => t.at > this.time)
    for (const t of due) t.run()
  }
}

export class RecordingNavigator implements Navigator {
  paths: string[] = []
  left: string[] = []
  go(path: string): void {
    this.paths.push(path)
  }
  leave(url: string): void {
    this.left.push(url)
  }
}
