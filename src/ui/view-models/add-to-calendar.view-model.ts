import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { DownloadAppointmentCalendar } from '../../application/use-cases/appointments.use-case'
import type { AppointmentView } from '../../contract/appointments.codecs'
import { googleCalendarLink } from '../../domain/calendar/google-calendar-link'
import { FILE_SAVER, type FileSaver } from './app-services'
import { ToastViewModel } from './toast.view-model'

export const DOWNLOAD_ICS = 'Add to calendar (.ics)'
export const GOOGLE_CALENDAR = 'Google Calendar'
export const ICS_TYPE = 'text/calendar'

/** What the calendar actions need of an appointment. */
export type CalendarAppointment = Pick<AppointmentView, 'id' | 'event' | 'service' | 'clinic'>

/** True while the appointment is still to come ('Add to calendar' is offered for those only). */
export const isUpcoming = (a: Pick<AppointmentView, 'event'>, now: Date): boolean => new Date(a.event.start).getTime() > now.getTime()

/**
 * 'Add to calendar' (thank-you page and the account's appointments): the .ics download, fetched with
 * the customer's token (a plain link cannot carry the Authorization header), and a Google Calendar link.
 */
@injectable()
export class AddToCalendarViewModel {
  /** the appointment whose .ics is being fetched */
  downloading?: string = undefined

  constructor(
    @inject(DownloadAppointmentCalendar) private readonly download: Pick<DownloadAppointmentCalendar, 'execute'>,
    @inject(FILE_SAVER) private readonly files: FileSaver,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<AddToCalendarViewModel, 'download' | 'files' | 'toasts'>(this, { download: false, files: false, toasts: false })
  }

  googleLink(a: CalendarAppointment): string {
    const service = a.service.onlineName || a.service.name
    return googleCalendarLink({ title: `${service} at ${a.clinic.accountName}`, start: new Date(a.event.start), end: new Date(a.event.end), location: a.clinic.accountName })
  }

  async downloadIcs(a: CalendarAppointment): Promise<void> {
    if (this.downloading) return
    this.downloading = a.id
    const result = await this.download.execute(a.id)
    runInAction(() => (this.downloading = undefined))
    if (E.isLeft(result)) {
      this.toasts.show(result.left.message)
      return
    }
    this.files.save(`appointment-${a.id}.ics`, result.right, ICS_TYPE)
  }
}
