import { makeAutoObservable } from 'mobx'
import type { Ticker, WebConfig } from './views'

/**
 * The hold on a chosen time (spec section 4, 5 minutes by configuration): one timer at a time, and
 * its expiry for the countdown. Starting again replaces the running hold.
 */
export class BookingHold {
  expiresAt?: number = undefined
  private cancel?: () => void

  constructor(
    private readonly ticker: Ticker,
    private readonly config: Pick<WebConfig, 'holdSeconds'>,
  ) {
    makeAutoObservable<BookingHold, 'ticker' | 'config' | 'cancel'>(this, { ticker: false, config: false, cancel: false })
  }

  /** Whole seconds left, undefined when no hold runs. */
  get secondsLeft(): number | undefined {
    return this.expiresAt === undefined ? undefined : Math.max(0, Math.ceil((this.expiresAt - this.ticker.now()) / 1000))
  }

  start(onExpired: () => void): void {
    this.cancel?.()
    const ms = this.config.holdSeconds * 1000
    this.expiresAt = this.ticker.now() + ms
    this.cancel = this.ticker.after(ms, onExpired)
  }

  stop(): void {
    this.cancel?.()
    this.cancel = undefined
    this.expiresAt = undefined
  }
}
