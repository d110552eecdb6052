import { makeAutoObservable } from 'mobx'
import type { WebConfig } from './views'
import type { Clock } from '../../application/ports/clock.port'

/**
 * The hold on a chosen time (spec section 4, 5 minutes by configuration): one timer at a time, and
 * its expiry for the countdown. Starting again replaces the running hold.
 */
export class BookingHold {
  expiresAt?: number = undefined
  private cancel?: () => void

  constructor(
    private readonly clock: Clock,
    private readonly config: Pick<WebConfig, 'holdSeconds'>,
  ) {
    makeAutoObservable<BookingHold, 'clock' | 'config' | 'cancel'>(this, { clock: false, config: false, cancel: false })
  }

  /** Whole seconds left, undefined when no hold runs. */
  get secondsLeft(): number | undefined {
    return this.expiresAt === undefined ? undefined : Math.max(0, Math.ceil((this.expiresAt - this.clock.now().getTime()) / 1000))
  }

  start(onExpired: () => void): void {
    this.cancel?.()
    const ms = this.config.holdSeconds * 1000
    this.expiresAt = this.clock.now().getTime() + ms
    this.cancel = this.clock.after(ms, onExpired)
  }

  stop(): void {
    this.cancel?.()
    this.cancel = undefined
    this.expiresAt = undefined
  }
}
