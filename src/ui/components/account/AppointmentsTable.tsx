import { observer } from 'mobx-react-lite'
import { useDeferredValue, useRef } from 'react'
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { NO_APPOINTMENTS, SWIPE_HINT, type AppointmentRow, type AppointmentsTabViewModel } from '../../view-models/appointments-tab.view-model'
import { AppDialog } from '../Dialog'
import { Button } from '../Button'
import { Skeleton } from '../Spinner'
import { useOverflowing } from './use-overflowing'
import { useNarrow } from './use-narrow'
import { AddToCalendar } from '../AddToCalendar'
import { CancellationPreview } from './CancellationPreview'
import type { AddToCalendarViewModel } from '../../view-models/add-to-calendar.view-model'
import styles from './account.module.css'

/** The clinic's phone and email where the customer is told to contact it. */
function ClinicContact({ row }: { row: AppointmentRow }) {
  const { phone, email } = row.contact
  if (!phone && !email) return null
  return (
    <span className={styles.contact}>
      {phone ? <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={`Call ${row.location} on ${phone}`}>{phone}</a> : null}
      {email ? <a href={`mailto:${email}`} aria-label={`Email ${row.location} at ${email}`}>{email}</a> : null}
    </span>
  )
}

function RowActions({ row, vm }: { row: AppointmentRow; vm: AppointmentsTabViewModel }) {
  const action = row.action
  if (action.kind === 'bookAgain') {
    return (
      <button type="button" className={styles.linkAction} disabled={vm.busy} onClick={() => void vm.bookAgain(row)}>
        {action.label}
      </button>
    )
  }
  if (action.kind === 'cannotRebook') {
    return (
      <span className={styles.actionCell}>
        <span className={styles.noAction}>{action.label}</span>
        <ClinicContact row={row} />
      </span>
    )
  }
  const view = action.view
  // Disabled only inside the late-cancellation period (policy/cancellation.ts): the name says so, as the note beside it does.
  if (view.kind === 'disabled') {
    return (
      <span className={styles.actionCell}>
        <AriaButton className={styles.optionsButton} isDisabled aria-label={`Options for ${row.service} on ${row.date} (${vm.lateNote})`}>
          Options <span aria-hidden="true">▾</span>
        </AriaButton>
        <span className={styles.note}>{vm.lateNote}</span>
        <ClinicContact row={row} />
      </span>
    )
  }
  return (
    <MenuTrigger>
      <AriaButton className={styles.optionsButton} aria-label={`Options for ${row.service} on ${row.date}`}>
        Options <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} onAction={(key) => vm.choose(row, key as 'cancel' | 'reschedule')}>
          {view.actions.includes('reschedule') ? <MenuItem id="reschedule" className={styles.menuItem}>Reschedule appointment</MenuItem> : null}
          <MenuItem id="cancel" className={`${styles.menuItem} ${styles.menuItemDanger}`}>Cancel appointment</MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}

const NO_ROWS: readonly AppointmentRow[] = []

/** Phone: one card per appointment, its actions in view without swiping a table sideways. */
const AppointmentCards = observer(function AppointmentCards({ rows, vm, calendar }: { rows: readonly AppointmentRow[]; vm: AppointmentsTabViewModel; calendar?: AddToCalendarViewModel }) {
  return (
    <ul className={styles.itemCards} aria-labelledby="appointments-title">
      {rows.map((row) => (
        <li key={row.id} className={styles.itemCard} data-appointment-id={row.id}>
          <div className={styles.itemTop}>
            <span className={styles.itemDate}>{row.date}</span>
            <span className={styles.status}>{row.status}</span>
          </div>
          <span className={styles.itemTitle}>{row.service}</span>
          <span className={styles.muted}>{row.staff} · {row.location}</span>
          <CancellationPreview text={row.cancellationPreview} />
          <div className={styles.itemActions}>
            <RowActions row={row} vm={vm} />
            {calendar && row.upcoming ? <AddToCalendar vm={calendar} appointment={row.appointment} label={`${row.service} on ${row.date}`} /> : null}
          </div>
        </li>
      ))}
    </ul>
  )
})

/** Appointments tab: Date, Service, Staff, Location, Actions (spec section 2); cards on a phone. */
/** `calendar`: 'Add to calendar' under the actions of each upcoming appointment. */
export const AppointmentsTable = observer(function AppointmentsTable({ vm, calendar }: { vm: AppointmentsTabViewModel; calendar?: AddToCalendarViewModel }) {
  const pending = vm.confirmation
  const heading = useRef<HTMLHeadingElement>(null)
  const wrap = useRef<HTMLDivElement>(null)
  const narrow = useNarrow()
  // The rows' arrival renders in a transition: React splits that render (a menu and a calendar
  // button a row) into short tasks instead of one long one (issue 18: TBT on /app). Only the arrival:
  // later changes (a cancellation, the clock's tick) render at once, as the focus handling expects.
  const loaded = useDeferredValue(vm.loaded)
  const rows = loaded ? vm.rows : NO_ROWS
  const overflowing = useOverflowing(wrap, [rows.length, narrow])
  // A cancelled appointment's row (and its Options button, where the focus would return) is gone:
  // keep keyboard users in the list instead of dropping the focus to the page.
  const confirm = async () => {
    await vm.confirm()
    requestAnimationFrame(() => {
      const active = document.activeElement
      if (active && active !== document.body && active.isConnected) return
      heading.current?.focus()
    })
  }
  return (
    <section className={styles.section} aria-labelledby="appointments-title">
      <div className={styles.sectionHead}>
        <h2 id="appointments-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>Your appointments</h2>
        {rows.length > 0 && !narrow ? <p className={`${styles.swipe} ${overflowing ? styles.overflowing : ''}`}><span aria-hidden="true">↔</span>{SWIPE_HINT}</p> : null}
      </div>
      {!loaded ? <Skeleton rows={3} /> : null}
      {loaded && vm.isEmpty ? <p className={styles.empty}>{NO_APPOINTMENTS}</p> : null}
      {rows.length > 0 && narrow ? <AppointmentCards rows={rows} vm={vm} calendar={calendar} /> : null}
      {rows.length > 0 && !narrow ? (
        <div ref={wrap} className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="appointments-title">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Service</th>
                <th scope="col">Staff</th>
                <th scope="col">Location</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-appointment-id={row.id}>
                  <td className={`${styles.nowrap} ${styles.strong}`}>{row.date}</td>
                  <td className={styles.mid}>{row.service}</td>
                  <td className={styles.nowrap}>{row.staff}</td>
                  <td className={styles.mid}>{row.location}</td>
                  <td>
                    <RowActions row={row} vm={vm} />
                    <CancellationPreview text={row.cancellationPreview} />
                    {calendar && row.upcoming ? (
                      <div className={styles.calendar}><AddToCalendar vm={calendar} appointment={row.appointment} label={`${row.service} on ${row.date}`} /></div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AppDialog
        title={pending?.dialog.title ?? ''}
        isOpen={pending !== undefined}
        role="alertdialog"
        onClose={() => vm.dismissConfirmation()}
        actions={
          <>
            <Button variant="secondary" onClick={() => vm.dismissConfirmation()}>Go back</Button>
            <Button variant={pending?.kind === 'cancel' ? 'danger' : 'primary'} disabled={vm.busy} onClick={() => void confirm()}>
              {pending?.kind === 'cancel' ? 'Cancel appointment' : 'Continue'}
            </Button>
          </>
        }
      >
        {pending ? (
          <>
            <p className={styles.muted}>{pending.row.service} · {pending.row.date} · {pending.row.location}</p>
            <p className={pending.late ? styles.warning : undefined}>{pending.dialog.message}</p>
          </>
        ) : null}
      </AppDialog>
    </section>
  )
})
