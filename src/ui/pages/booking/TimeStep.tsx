import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { Button as AriaButton, Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Heading, I18nProvider } from 'react-aria-components'
import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date'
import { NO_AVAILABILITY_HINT, NO_AVAILABILITY_TEXT, TimeViewModel } from '../../view-models/time.view-model'
import { useViewModel } from '../../use-view-model'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { Skeleton, Spinner } from '../../components/Spinner'
import { formatLondonLongDate, londonToUtc } from '../../../domain/time'
import styles from './TimeStep.module.css'
import { useHeldTimeLifecycle } from './use-held-time-lifecycle'
import { WaitlistJoinViewModel } from '../../view-models/waitlist-join.view-model'
import { WaitlistJoinDialog } from './WaitlistJoinDialog'

const iso = (d: DateValue): string => d.toString().slice(0, 10)

/** Time step: month calendar of available days, then hour slots grouped Morning / Afternoon / Evening. */
const TimeStep = observer(function TimeStep() {
  const vm = useViewModel<TimeViewModel>(TimeViewModel)
  const booking = vm.booking
  const waitlist = useViewModel<WaitlistJoinViewModel>(WaitlistJoinViewModel)
  const { pathname, search } = useLocation()
  useHeldTimeLifecycle()
  useEffect(() => vm.watchHold(), [vm])
  // Declared before the month's load: a step opened again tells of a month without availability again.
  useEffect(() => vm.stepEntered(), [vm])
  useEffect(() => {
    void vm.loadMonth()
  }, [vm, booking.view.basket.length])
  useEffect(() => {
    // Shown straight on the hour list (back from confirm), or a service removed while it shows:
    // the times are loaded afresh for what the basket now holds.
    void vm.refreshSlots()
  }, [vm, booking.view.basket.length])

  const today = parseDate(vm.today)
  const focused = parseDate(vm.focusedDate)
  return (
    <div className={styles.wrap}>
      {booking.view.timeStep === 'date' ? (
        // en-GB, not the browser's language: weeks start on Monday and days read as in the UK.
        <I18nProvider locale="en-GB">
          <Calendar
            className={styles.calendar}
            aria-label="Choose a date"
            minValue={today}
            focusedValue={focused}
            onFocusChange={(d: CalendarDate) => vm.focusDate(iso(d))}
            value={booking.view.date ? parseDate(booking.view.date) : null}
            isDateUnavailable={(d) => !vm.isAvailable(iso(d))}
            onChange={(d) => void vm.pickDate(iso(d))}
          >
            <header className={styles.calHeader}>
              <AriaButton slot="previous" className={styles.nav} aria-label="Previous month">‹</AriaButton>
              <Heading />
              <AriaButton slot="next" className={styles.nav} aria-label="Next month">›</AriaButton>
            </header>
            <CalendarGrid className={styles.grid}>
              <CalendarGridHeader>{(day) => <CalendarHeaderCell>{day}</CalendarHeaderCell>}</CalendarGridHeader>
              <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGridBody>
            </CalendarGrid>
            {vm.loadingDays ? <Spinner label="Loading available days" /> : null}
            {vm.daysFailed !== undefined && !vm.loadingDays ? (
              <div className={styles.empty} role="alert">
                <p>{vm.daysFailed}</p>
                <Button variant="secondary" onClick={() => void vm.loadMonth()}>Try again</Button>
              </div>
            ) : null}
          </Calendar>
          {waitlist.available && !vm.loadingDays ? (
            <p className={styles.waitlist}>
              No suitable time?{' '}
              <Button variant="ghost" onClick={() => waitlist.start(booking.view.date ?? `${vm.month}-01`)}>Join the waitlist</Button>
            </p>
          ) : null}
        </I18nProvider>
      ) : (
        <>
          <div className={styles.chosen}>
            <span className={styles.chosenDate}>{booking.view.date ? formatLondonLongDate(londonToUtc(booking.view.date, '12:00')) : ''}</span>
            <Button variant="ghost" onClick={() => booking.back()}>Change date</Button>
          </div>
          {vm.loadingSlots ? <Skeleton rows={2} /> : null}
          {!vm.loadingSlots && vm.slotsFailed !== undefined ? (
            <div className={styles.empty} role="alert">
              <p>{vm.slotsFailed}</p>
              <Button variant="secondary" onClick={() => void vm.refreshSlots()}>Try again</Button>
            </div>
          ) : null}
          {!vm.loadingSlots && vm.slotsFailed === undefined && vm.groups.length === 0 ? (
            <div className={styles.empty}>
              <p>There are no times left on this day.</p>
              {waitlist.available ? <Button variant="secondary" onClick={() => waitlist.start(booking.view.date)}>Join the waitlist</Button> : null}
            </div>
          ) : null}
          {vm.groups.map((group) => (
            <section key={group.label} className={styles.group} aria-labelledby={`slots-${group.label}`}>
              <h2 id={`slots-${group.label}`} className={styles.groupTitle}>{group.label}</h2>
              <ul className={styles.chips}>
                {group.slots.map((slot) => (
                  <li key={slot.chain[0].startDate}>
                    <button
                      type="button"
                      className={styles.chip}
                      disabled={!slot.valid}
                      aria-pressed={vm.selectedStart === slot.chain[0].startDate}
                      onClick={() => void vm.choose(slot.chain)}
                    >
                      {slot.label}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {/* The line is there from the pick, before the hold's answer fills it in: appearing with the answer, it
              pushed 'Book appointment' down under a tap already on its way (the tap missed; a third of a second on a phone). */}
          {vm.holdText || booking.view.canBook ? (
            <p className={`${styles.hold} ${(vm.holdSecondsLeft ?? 61) <= 60 ? styles.warning : ''}`} role={vm.holdText ? 'timer' : undefined} aria-live="off">{vm.holdText ?? '\u00a0'}</p>
          ) : null}
          <div className={styles.actions}>
            <Button disabled={!booking.view.canBook} onClick={() => booking.book(pathname, search)}>{booking.view.bookLabel}</Button>
          </div>
        </>
      )}
      <AppDialog
        title="No availability"
        isOpen={vm.noAvailability}
        onClose={() => vm.dismissNoAvailability()}
        actions={
          <>
            {waitlist.available ? (
              <Button
                variant="secondary"
                onClick={() => {
                  vm.dismissNoAvailability()
                  waitlist.start(`${vm.month}-01`)
                }}
              >
                Join the waitlist
              </Button>
            ) : null}
            <Button onClick={() => vm.dismissNoAvailability()}>Ok</Button>
          </>
        }
      >
        <p>{NO_AVAILABILITY_TEXT}</p>
        <p>{NO_AVAILABILITY_HINT}</p>
      </AppDialog>
      <WaitlistJoinDialog vm={waitlist} />
    </div>
  )
})

export default TimeStep
