import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { BOOK_NEW, MAP_HEADING, PAYMENT_NOT_COMPLETED, PAYMENT_NOT_COMPLETED_TITLE, ThankYouViewModel } from '../../view-models/thank-you.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { addressLine } from '../../view-models/locations.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { SafeHtml } from '../../components/SafeHtml'
import { AddToCalendar } from '../../components/AddToCalendar'
import { AddToCalendarViewModel } from '../../view-models/add-to-calendar.view-model'
import { ADD_TO_CALENDAR_HEADING, bookedIds, ThankYouCalendarViewModel } from '../../view-models/thank-you-calendar.view-model'
import styles from './ThankYouPage.module.css'

const MapView = lazy(() => import('./MapView'))

/** /location: thank-you text, 'How to find us' map, 'Book new appointment'; back button trapped. */
const ThankYouPage = observer(function ThankYouPage() {
  const vm = useViewModel<ThankYouViewModel>(ThankYouViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const calendar = useViewModel<AddToCalendarViewModel>(AddToCalendarViewModel)
  const booked = useViewModel<ThankYouCalendarViewModel>(ThankYouCalendarViewModel)
  const [params] = useSearchParams()
  const orgLoaded = session.organisation !== undefined || session.organisationFailed
  useEffect(() => {
    if (!orgLoaded) return
    void vm.open(Object.fromEntries(params.entries())).then(() => {
      // appointments were booked (not a course or a gift voucher bought): offer exactly those for the calendar;
      // otherwise none (load([]) also drops what an earlier thank-you page listed)
      const appointmentsBooked = !vm.notPaid && (vm.kind === 'service' || vm.kind === 'courseService')
      void booked.load(appointmentsBooked ? bookedIds(Object.fromEntries(params.entries())) : [])
    })
  }, [vm, booked, params, orgLoaded])
  useEffect(() => {
    // The browser back button is trapped on the thank-you page.
    const here = window.location.href
    window.history.pushState(null, '', here)
    const trap = () => window.history.pushState(null, '', here)
    window.addEventListener('popstate', trap)
    return () => window.removeEventListener('popstate', trap)
  }, [])

  if (!orgLoaded) return <Spinner />
  if (vm.notPaid) {
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby="not-paid-title" role="alert">
          <h1 id="not-paid-title" className={styles.title}>{PAYMENT_NOT_COMPLETED_TITLE}</h1>
          <p className={styles.text}>{PAYMENT_NOT_COMPLETED}</p>
          <Button onClick={() => vm.bookNew()}>{BOOK_NEW}</Button>
        </section>
      </div>
    )
  }
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="thanks-title">
        <span className={styles.tick} aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>
        </span>
        <h1 id="thanks-title" className={styles.title}>Thank you</h1>
        <SafeHtml html={vm.text} className={styles.text} />
        <Button onClick={() => vm.bookNew()}>{BOOK_NEW}</Button>
      </section>
      {booked.appointments.length > 0 ? (
        <section className={styles.card} aria-labelledby="calendar-title">
          <h2 id="calendar-title" className={styles.mapTitle}>{ADD_TO_CALENDAR_HEADING}</h2>
          <ul className={styles.calendarList}>
            {booked.appointments.map((a) => (
              <li key={a.id}>
                <span>{booked.label(a)}</span> <AddToCalendar vm={calendar} appointment={a} label={booked.label(a)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {vm.clinic ? (
        <section className={styles.mapCard} aria-labelledby="map-title">
          <h2 id="map-title" className={styles.mapTitle}>{MAP_HEADING}</h2>
          <p className={styles.address}><strong>{vm.clinic.accountName}</strong> · {addressLine(vm.clinic)}</p>
          <div className={styles.map}>
            {vm.coordinates ? (
              <Suspense fallback={<Spinner label="Loading map" />}>
                <MapView latitude={vm.coordinates.latitude} longitude={vm.coordinates.longitude} label={vm.clinic.accountName} />
              </Suspense>
            ) : vm.geocoding ? <Spinner label="Loading map" /> : null}
          </div>
        </section>
      ) : null}
    </div>
  )
})

export default ThankYouPage
