import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { Checkbox } from 'react-aria-components'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { StaffNotificationsViewModel } from '../../view-models/staff-notifications.view-model'
import { StaffSelect } from './StaffControls'
import desk from './StaffDesk.module.css'
import { LONDON_TIME_ZONE } from '../../../domain/london'

const Check = observer(function Check({ selected, onChange, children }: { selected: boolean; onChange: (v: boolean) => void; children: string }) {
  return (
    <Checkbox className={desk.check} isSelected={selected} onChange={onChange}>
      <span className={desk.box} aria-hidden="true">{selected ? '✓' : ''}</span>
      {children}
    </Checkbox>
  )
})

const FeedSection = observer(function FeedSection({ vm }: { vm: StaffNotificationsViewModel }) {
  const isAdmin = vm.staff?.role === 'admin'
  return (
    <section className={desk.card} aria-labelledby="feed-title">
      <h2 id="feed-title" className={desk.title}>Calendar feed</h2>
      <p className={desk.hint}>A private link that Google Calendar, Outlook or Apple Calendar subscribe to: the practitioner's bookings, breaks and leave, updated as they change. Anyone with the link can read it; make a new one to stop the old.</p>
      {isAdmin && vm.practitioners.length > 0 ? (
        <StaffSelect
          label="Practitioner"
          value={vm.practitionerId || (vm.staff?.practitionerId ?? '')}
          options={[...(vm.staff?.practitionerId ? [] : [{ value: '', label: 'Choose a practitioner' }]), ...vm.practitioners.map((p) => ({ value: p.id, label: p.name }))]}
          onChange={(v) => void vm.choosePractitioner(v)}
        />
      ) : null}
      {!vm.hasPractitioner ? <p className={desk.hint}>This staff login is not linked to a practitioner{isAdmin ? ': choose one above (practitioners with a staff login), or use clinic admin feed create --practitioner.' : '.'}</p> : null}
      {vm.feed ? <p role="status">{vm.feed.practitionerName}: {vm.feed.active ? `a feed link is live${vm.feed.createdAt ? ` (made ${new Date(vm.feed.createdAt).toLocaleString('en-GB', { timeZone: LONDON_TIME_ZONE })})` : ''}.` : 'no feed link.'}</p> : null}
      {vm.feedUrl ? (
        <label style={{ display: 'grid', gap: 'var(--space-1)' }}>
          Subscribe to this link (shown once: copy it now)
          <input readOnly value={vm.feedUrl} onFocus={(e) => e.currentTarget.select()} style={{ minHeight: 'var(--tap)', padding: '0 var(--space-2)', font: 'inherit' }} />
        </label>
      ) : null}
      {vm.feedError ? <p className={desk.error} role="alert">{vm.feedError}</p> : null}
      {vm.hasPractitioner ? (
        <div className={desk.bar}>
          <Button busy={vm.feedBusy} onClick={() => void vm.makeFeed()}>{vm.feed?.active ? 'Make a new link' : 'Make a feed link'}</Button>
          {vm.feed?.active ? <Button variant="secondary" onClick={() => void vm.stopFeed()}>Revoke the link</Button> : null}
        </div>
      ) : null}
    </section>
  )
})

/** /staff/notifications (issue 29): booking mails and texts of this staff login, and the calendar feed. */
const StaffNotificationsPage = observer(function StaffNotificationsPage() {
  const vm = useViewModel<StaffNotificationsViewModel>(StaffNotificationsViewModel)
  useEffect(() => {
    void vm.enter()
  }, [vm])
  if (!vm.signedIn) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Notifications &amp; calendar</h1><p>Sign in as staff first: <Link to="/staff">staff sign-in</Link>.</p></section></div>
  }
  return (
    <div className={desk.page}>
      <header className={desk.bar}>
        <div>
          <h1 className={desk.title}>Notifications &amp; calendar</h1>
          {vm.staff ? <p className={desk.who}>Signed in as {vm.staff.displayName} ({vm.staff.role})</p> : null}
        </div>
        <Link to="/staff">Day bookings</Link>
      </header>
      <section className={desk.card} aria-labelledby="notify-title">
        <h2 id="notify-title" className={desk.title}>Booking notifications</h2>
        <p className={desk.hint}>Sent to this login when a booking with {vm.staff?.practitionerId ? 'you' : 'the practitioner linked to this login'} is made, moved or cancelled.</p>
        <form onSubmit={(e) => { e.preventDefault(); void vm.save() }} style={{ display: 'grid', gap: 'var(--space-3)' }}>
          <Check selected={vm.email} onChange={(v) => vm.setEmail(v)}>Email me</Check>
          <Check selected={vm.sms} onChange={(v) => vm.setSms(v)}>Text me (needs a mobile number)</Check>
          <TextField label="Mobile number for texts" type="tel" autoComplete="tel" value={vm.mobilePhone} onChange={(v) => vm.setMobilePhone(v)} error={vm.error} hint="Leave empty for no texts." />
          <Button type="submit" busy={vm.saving}>Save</Button>
          <p role="status" className={desk.hint}>{vm.saved ?? ''}</p>
        </form>
      </section>
      <FeedSection vm={vm} />
    </div>
  )
})

export default StaffNotificationsPage
