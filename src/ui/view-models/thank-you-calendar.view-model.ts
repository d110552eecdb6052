import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ListMyAppointments } from '../../application/use-cases/appointments.use-case'
import type { AppointmentView } from '../../contract/appointments.codecs'
import { formatLondonDateTime } from '../../domain/time'
import { SessionViewModel } from './session.view-model'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const ADD_TO_CALENDAR_HEADING = 'Add to your calendar'

/** The thank-you page's query parameter with the ids of this checkout's appointments. */
export const BOOKED_PARAM = 'booked'

/** The thank-you path with this checkout's appointment ids (the page lists exactly those). */
export function withBooked(path: string, ids: readonly (string | undefined)[]): string {
  const known = ids.filter((id): id is string => Boolean(id))
  if (known.length === 0) return path
  return `${path}${path.includes('?') ? '&' : '?'}${BOOKED_PARAM}=${known.map(encodeURIComponent).join(',')}`
}

/** The ids a thank-you query names ('a,b'); none when absent. */
export function bookedIds(query: Record<string, string | undefined>): string[] {
  return (query[BOOKED_PARAM] ?? '').split(',').map((id) => id.trim()).filter(Boolean)
}

/** Every appointment a booking answer created (main first, then the linked ones). */
export function idsOfBooking(booking: { appointment: { id: string }; appointments?: readonly { id: string }[] }): string[] {
  return [...new Set([booking.appointment.id, ...(booking.appointments ?? []).map((a) => a.id)])]
}

/**
 * The thank-you page's 'Add to calendar': exactly the appointments of this checkout (their ids come
 * with the thank-you address from the confirm or payment step), soonest first. Other bookings of
 * the customer are not listed. A failed load shows nothing (the links are an extra, the booking
 * itself is done).
 */
@injectable()
export class ThankYouCalendarViewModel {
  appointments: AppointmentView[] = []
  private requests = 0

  constructor(
    @inject(ListMyAppointments) private readonly list: Pick<ListMyAppointments, 'execute'>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<ThankYouCalendarViewModel, 'list' | 'session' | 'clock' | 'requests'>(this, { list: false, session: false, clock: false, requests: false })
  }

  label(a: AppointmentView): string {
    return `${a.service.onlineName || a.service.name} on ${formatLondonDateTime(new Date(a.event.start))}`
  }

  /**
   * Lists the appointments `ids` names. The view model outlives the page (one per app): what an
   * earlier thank-you page listed is dropped first, so a course or gift voucher bought after a
   * booking (no ids) lists nothing rather than the earlier booking.
   */
  async load(ids: readonly string[]): Promise<void> {
    const request = ++this.requests
    this.appointments = []
    const user = this.session.user
    if (!user || ids.length === 0) return
    const result = await this.list.execute(user.id)
    if (E.isLeft(result) || request !== this.requests) return
    const now = this.clock.now().getTime()
    const booked = result.right
      .filter((a) => ids.includes(a.id) && Date.parse(a.event.start) > now)
      .sort((a, b) => Date.parse(a.event.start) - Date.parse(b.event.start))
    runInAction(() => (this.appointments = booked))
  }
}
