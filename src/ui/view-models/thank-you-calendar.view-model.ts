import { makeAutoObservable, runInAction } from 'mobx'
import { inject, injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { ListMyAppointments } from '../../application/use-cases/appointments.use-case'
import type { AppointmentView } from '../../contract/appointments.codecs'
import { formatLondonDateTime } from '../../domain/time'
import { SessionViewModel } from './session.view-model'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const ADD_TO_CALENDAR_HEADING = 'Add to your calendar'

/**
 * The thank-you page's 'Add to calendar': the customer's upcoming appointments at the clinic just
 * booked, soonest first. The wizard does not keep the ids of what it booked once it is done, and a
 * customer who has just booked sees the new appointment among these. A failed load shows nothing
 * (the links are an extra, the booking itself is done).
 */
@injectable()
export class ThankYouCalendarViewModel {
  appointments: AppointmentView[] = []

  constructor(
    @inject(ListMyAppointments) private readonly list: Pick<ListMyAppointments, 'execute'>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<ThankYouCalendarViewModel, 'list' | 'session' | 'clock'>(this, { list: false, session: false, clock: false })
  }

  label(a: AppointmentView): string {
    return `${a.service.onlineName || a.service.name} on ${formatLondonDateTime(new Date(a.event.start))}`
  }

  async load(clinicId: string | undefined): Promise<void> {
    const user = this.session.user
    if (!user) return
    const result = await this.list.execute(user.id)
    if (E.isLeft(result)) return
    const now = this.clock.now().getTime()
    const upcoming = result.right
      .filter((a) => Date.parse(a.event.start) > now && (clinicId === undefined || a.clinic.id === clinicId))
      .sort((a, b) => Date.parse(a.event.start) - Date.parse(b.event.start))
    runInAction(() => (this.appointments = upcoming))
  }
}
