import { observer } from 'mobx-react-lite'
import { DOWNLOAD_ICS, GOOGLE_CALENDAR, type AddToCalendarViewModel, type CalendarAppointment } from '../view-models/add-to-calendar.view-model'
import styles from './AddToCalendar.module.css'

/** 'Add to calendar' for one appointment: the .ics download and a Google Calendar link. */
export const AddToCalendar = observer(function AddToCalendar({ vm, appointment, label }: { vm: AddToCalendarViewModel; appointment: CalendarAppointment; label?: string }) {
  const what = label ? ` for ${label}` : ''
  return (
    <span className={styles.actions}>
      <button type="button" className={styles.link} disabled={vm.downloading === appointment.id} aria-label={`${DOWNLOAD_ICS}${what}`} onClick={() => void vm.downloadIcs(appointment)}>
        {DOWNLOAD_ICS}
      </button>
      <a className={styles.link} href={vm.googleLink(appointment)} target="_blank" rel="noopener noreferrer" aria-label={`${GOOGLE_CALENDAR}${what}`}>
        {GOOGLE_CALENDAR}
      </a>
    </span>
  )
})
