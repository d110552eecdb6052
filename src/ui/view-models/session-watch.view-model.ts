import { makeAutoObservable, reaction, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { WatchSession } from '../../application/use-cases/session.use-case'
import { Logout } from '../../application/use-cases/auth.use-case'
import type { LiveConnection } from '../../application/ports/live-events.port'
import { NAVIGATOR, type Navigator, type Exec } from './app-services'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'


/**
 * Session end: 'Log out' (clears the session and the booking info, returns home) and the live socket
 * (spec section 1): while a customer is signed in, a 'logout-customer' message for them logs them
 * out the same way. Socket errors are only logged (by the adapter).
 */
@injectable()
export class SessionWatchViewModel {
  connectedFor?: string = undefined
  private connection?: LiveConnection = undefined
  private stopReaction?: () => void = undefined
  /** counts connection attempts so a stale one is closed when the user changed meanwhile */
  private generation = 0
  private suspended = 0

  constructor(
    @inject(WatchSession) private readonly watchSession: Exec<WatchSession>,
    @inject(Logout) private readonly logoutUseCase: Exec<Logout>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
  ) {
    makeAutoObservable<SessionWatchViewModel, 'watchSession' | 'logoutUseCase' | 'session' | 'booking' | 'navigator' | 'connection' | 'stopReaction' | 'generation' | 'suspended'>(this, {
      watchSession: false, logoutUseCase: false, session: false, booking: false, navigator: false,
      connection: false, stopReaction: false, generation: false, suspended: false,
    })
  }

  /** Follows the signed-in user: connects while one is signed in (idempotent). */
  start(): void {
    if (this.stopReaction) return
    this.stopReaction = reaction(
      () => this.session.user?.id,
      (id) => void this.watch(id),
      { fireImmediately: true },
    )
  }

  stop(): void {
    this.stopReaction?.()
    this.stopReaction = undefined
    this.disconnect()
  }

  /**
   * Closes the socket while the customer changes their own password: the server then sends
   * 'logout-customer' to every socket of the customer, and this tab must not log itself out. The
   * returned function reconnects (with the token stored meanwhile).
   */
  suspend(): () => void {
    this.suspended++
    this.disconnect()
    let resumed = false
    return () => {
      if (resumed) return
      resumed = true
      this.suspended--
      if (this.suspended === 0 && this.stopReaction) void this.watch(this.session.user?.id)
    }
  }

  private disconnect(): void {
    this.generation++
    this.connection?.close()
    this.connection = undefined
    this.connectedFor = undefined
  }

  private async watch(customerId: string | undefined): Promise<void> {
    if (customerId === this.connectedFor && this.connection) return
    this.disconnect()
    if (!customerId || this.suspended > 0) return
    const generation = this.generation
    const result = await this.watchSession.execute({ customerId, onLoggedOut: () => this.endSession() })
    if (E.isLeft(result)) return
    if (generation !== this.generation) {
      result.right.close()
      return
    }
    this.connection = result.right
    runInAction(() => (this.connectedFor = customerId))
  }

  /** The socket already removed the token: clear what the app holds and go home. */
  private endSession(): void {
    this.connection = undefined
    runInAction(() => (this.connectedFor = undefined))
    this.session.logout()
    this.booking.clearBookingInfo()
    this.navigator.go('/', { replace: true })
  }

  /** 'Log out': clears the session and the booking info, returns home. */
  async logout(): Promise<void> {
    await this.logoutUseCase.execute()
    this.session.logout()
    this.booking.clearBookingInfo()
    this.navigator.go('/', { replace: true })
  }
}
