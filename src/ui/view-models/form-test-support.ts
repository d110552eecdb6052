
import type { Navigator } from './app-services'
import { ManualClock as AdapterManualClock } from '../../adapters/clock/system-clock.adapter'

/** The adapters' manual clock, starting at this suite's moment. */
export class ManualClock extends AdapterManualClock {
  // 00:30 on 16 June in London
  constructor(time: number = Date.UTC(2026, 5, 15, 23, 30)) {
    super(time)
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
