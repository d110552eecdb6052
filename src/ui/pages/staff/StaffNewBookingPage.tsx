import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Checkbox, I18nProvider, Label, Radio, RadioGroup } from 'react-aria-components'
import { useViewModel } from '../../use-view-model'
import { useBottomBarHeight } from '../../layout/use-bottom-bar-height'
import { Button } from '../../components/Button'
import { FieldRow, SelectField, TextField } from '../../components/Field'
import { DeskBookingViewModel, PAYMENT_LABELS } from '../../view-models/desk-booking.view-model'
import { StaffCustomersViewModel } from '../../view-models/staff-customers.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { formatMoney, type Currency } from '../../../domain/pricing/money'
import { SIGN_UP_GENDER_LABELS, SIGN_UP_GENDERS, SIGN_UP_TITLES } from '../../../domain/constants/people'
import type { DeskPaymentChoice } from '../../../domain/booking/desk-request'
import { clinicTimeOf } from '../../view-models/staff-desk.view-model'
import { formatLondonLongDate } from '../../../domain/time'
import { StaffDatePicker, StaffSelect } from './StaffControls'
import { StaffCustomerSearch } from './StaffCustomerSearch'
import desk from './StaffDesk.module.css'
import styles from './DeskBooking.module.css'

export const NewCustomerForm = observer(function NewCustomerForm({ vm }: { vm: DeskBookingViewModel }) {
  const c = vm.newCustomer
  const e = vm.customerErrors
  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    void vm.addCustomer()
  }
  return (
    <form className={desk.form} onSubmit={submit} noValidate aria-labelledby="desk-new-customer">
      <h3 id="desk-new-customer" className={styles.panelTitle}>Or a new customer</h3>
      <FieldRow>
        <SelectField label="Title" required value={c.title} error={e.title} onChange={(v) => vm.setCustomerField('title', v)} options={[{ value: '', label: 'Choose…' }, ...SIGN_UP_TITLES.map((t) => ({ value: t, label: t }))]} />
        <SelectField label="Gender" required value={c.gender} error={e.gender} onChange={(v) => vm.setCustomerField('gender', v)} options={[{ value: '', label: 'Choose…' }, ...SIGN_UP_GENDERS.map((g) => ({ value: g, label: SIGN_UP_GENDER_LABELS[g] }))]} />
      </FieldRow>
      <FieldRow>
        <TextField label="First name" required value={c.firstName} error={e.firstName} onChange={(v) => vm.setCustomerField('firstName', v)} />
        <TextField label="Surname" required value={c.surname} error={e.surname} onChange={(v) => vm.setCustomerField('surname', v)} />
      </FieldRow>
      <TextField label="Email" type="email" required value={c.email} error={e.email} onChange={(v) => vm.setCustomerField('email', v)} />
      <FieldRow>
        <TextField label="Mobile" type="tel" required value={c.mobilePhone} error={e.mobilePhone} onChange={(v) => vm.setCustomerField('mobilePhone', v)} />
        <TextField label="Date of birth" placeholder="dd/mm/yyyy" required value={c.dateOfBirth} error={e.dateOfBirth} onChange={(v) => vm.setCustomerField('dateOfBirth', v)} />
      </FieldRow>
      <Checkbox className={desk.check} isSelected={c.takesTexts === true} onChange={(v) => vm.setTakesTexts(v)}>
        <span className={desk.box} aria-hidden="true">{c.takesTexts ? '✓' : ''}</span>
        Text them too (SMS): booking notices and pay links by text as well as by mail
      </Checkbox>
      <p className={desk.hint}>No password: the customer is mailed a link to set one.</p>
      <Button type="submit" variant="secondary" busy={vm.creating}>Create customer</Button>
    </form>
  )
})

const Basket = observer(function Basket({ vm }: { vm: DeskBookingViewModel }) {
  return (
    <>
      {vm.basket.length > 0 ? (
        <ol className={styles.basket} aria-label="Services booked, in order">
          {vm.basket.map((line, i) => {
            const service = vm.serviceOf(line.serviceId)
            return (
              <li key={`${line.serviceId}-${i}`}>
                <span>{service?.name}{service && !service.online ? ' (not bookable online)' : ''}</span>
                <StaffSelect
                  label={`Practitioner for ${service?.name ?? 'the service'}`}
                  value={line.practitionerId}
                  options={[{ value: '', label: 'Any practitioner' }, ...(service?.practitioners ?? []).map((p) => ({ value: p.id, label: p.name }))]}
                  onChange={(v) => void vm.setPractitioner(i, v)}
                />
                <Button variant="secondary" onClick={() => void vm.removeService(i)} aria-label={`Remove ${service?.name ?? 'the service'}`}>Remove</Button>
              </li>
            )
          })}
        </ol>
      ) : null}
      <StaffSelect
        label={vm.basket.length === 0 ? 'Service' : 'Add another service'}
        value=""
        options={[{ value: '', label: 'Choose a service…' }, ...vm.services.map((s) => ({ value: s.id, label: `${s.name} · ${s.durationMinutes} mins${s.online ? '' : ' · desk only'}` }))]}
        onChange={(v) => v && void vm.addService(v)}
      />
    </>
  )
})

const Times = observer(function Times({ vm }: { vm: DeskBookingViewModel }) {
  if (vm.basket.length === 0) return null
  if (vm.loadingTimes) return <p role="status">Loading times…</p>
  if (vm.times.length === 0) return <p role="status">No free time for these services on this day.</p>
  return (
    <ul className={styles.times} aria-label="Free times">
      {vm.times.map((t) => (
        <li key={t.start}>
          <button type="button" className={styles.time} aria-pressed={vm.start === t.start} onClick={() => vm.chooseTime(t.start)}>{t.value}</button>
        </li>
      ))}
    </ul>
  )
})

/** 'Booked for …': what was booked and the deposit, in the organisation's currency. */
export const DeskBookingDone = observer(function DeskBookingDone({ vm, currency }: { vm: DeskBookingViewModel; currency: Currency }) {
  const r = vm.result!
  return (
    <section className={styles.done} aria-labelledby="desk-done">
      <h2 id="desk-done" className={styles.panelTitle}>Booked for {vm.customer?.firstName} {vm.customer?.surname}</h2>
      <p role="status">{r.message}</p>
      <ul className={styles.list}>
        {/* The date too: a booking for another day read as today's without it. */}
        {r.appointments.map((a) => <li key={a.id}>{formatLondonLongDate(new Date(a.start))}, {clinicTimeOf(a.start)} {a.service} with {a.practitioner} · {a.status}</li>)}
      </ul>
      {r.payLink ? <p>Pay link sent: <a href={r.payLink}>{r.payLink}</a></p> : null}
      {/* Paid at the clinic, no deposit is taken now: 'Deposit £0.00' would read as if the service had none (as the CLI says it). */}
      {r.payment === 'clinic' && r.dueAtClinic !== undefined ? <p>Pay at the clinic: {formatMoney(r.dueAtClinic, currency)}</p> : <p>Deposit {formatMoney(r.deposit, currency)} · paid {formatMoney(r.depositPaid, currency)}</p>}
      <div className={desk.bar}>
        {vm.awaitingPayLink ? <Button variant="secondary" onClick={() => void vm.resendPayLink()} busy={vm.busy}>Resend the pay link</Button> : null}
        {/* The customer phoned: they pay on the day; the link stops working and they get their confirmation. */}
        {vm.awaitingPayLink ? <Button variant="secondary" onClick={() => void vm.payAtClinicInstead()} busy={vm.busy}>Pay at the clinic instead</Button> : null}
        <Button onClick={() => vm.startAgain()}>Book another</Button>
        <Link to={`/staff?date=${vm.date}`}>Back to the day</Link>
      </div>
    </section>
  )
})

/** /staff/new-booking: the front desk books on a customer's behalf (issue 29). */
const StaffNewBookingPage = observer(function StaffNewBookingPage() {
  const vm = useViewModel<DeskBookingViewModel>(DeskBookingViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const customers = useViewModel<StaffCustomersViewModel>(StaffCustomersViewModel)
  const [params] = useSearchParams()
  const barRef = useBottomBarHeight()
  useEffect(() => {
    void vm.enter(params.get('location') ?? undefined, params.get('date') ?? undefined)
    // entered once per visit
  }, [vm])
  return (
    <I18nProvider locale="en-GB">
      <div className={desk.page}>
        <header className={desk.bar}>
          <h1 className={desk.title}>New booking</h1>
          <Link to="/staff">Back to the desk</Link>
        </header>
        {vm.error ? <p className={desk.error} role="alert">{vm.error}</p> : null}
        {vm.result ? <DeskBookingDone vm={vm} currency={session.currency} /> : (
          <div className={styles.layout}>
            <section className={styles.panel} aria-labelledby="desk-customer">
              <h2 id="desk-customer" className={styles.panelTitle}>Customer</h2>
              {vm.customer ? (
                <div className={styles.chosen}>
                  <p className={desk.customer}>{vm.customer.firstName} {vm.customer.surname} · {vm.customer.email}{vm.customer.mobilePhone ? ` · ${vm.customer.mobilePhone}` : ''}</p>
                  <Button variant="secondary" onClick={() => vm.chooseCustomer(undefined)}>Change customer</Button>
                </div>
              ) : (
                <>
                  <StaffCustomerSearch vm={customers} onChoose={(c) => vm.chooseCustomer(c)} />
                  <NewCustomerForm vm={vm} />
                </>
              )}
            </section>
            <section className={styles.panel} aria-labelledby="desk-visit">
              <h2 id="desk-visit" className={styles.panelTitle}>Visit</h2>
              <StaffSelect label="Location" value={vm.location} options={vm.locations.map((l) => ({ value: l.id, label: l.name }))} onChange={(v) => void vm.setLocation(v)} />
              <Basket vm={vm} />
              <StaffDatePicker label="Date" value={vm.date} onChange={(v) => void vm.setDate(v)} />
              <Times vm={vm} />
              <RadioGroup className={styles.radios} value={vm.payment} onChange={(v) => vm.setPayment(v as DeskPaymentChoice)}>
                <Label className={desk.label}>Deposit</Label>
                {(Object.keys(PAYMENT_LABELS) as DeskPaymentChoice[]).map((p) => (
                  <Radio key={p} value={p} className={styles.radio}><span className={styles.dot} aria-hidden="true" />{PAYMENT_LABELS[p]}</Radio>
                ))}
              </RadioGroup>
              {/* On a phone the bar stays at the bottom of the screen: Book is never below a day's times (UI.md); data-bottom-bar lifts the cookie sheet and toasts above it, as over the wizard's bar; its measured height (barRef) lifts the cookie sheet above a taller bar (a clash) too. */}
              {/* On a phone the question makes the bar taller than its usual height: room for it below the last control. */}
              {vm.clash ? <div className={styles.clashRoom} aria-hidden="true" /> : null}
              <div ref={barRef} className={styles.action} data-bottom-bar="" data-clash={vm.clash ? '' : undefined}>
                {/* The customer is elsewhere then (the server named the visit): staff choose another time, or book anyway on purpose. */}
                {vm.clash ? (
                  <>
                    <p className={styles.summary} role="alert">{vm.clash}</p>
                    <Button onClick={() => void vm.book(true)} disabled={!vm.canBook} busy={vm.busy}>Book anyway</Button>
                  </>
                ) : (
                  <>
                    <p className={styles.summary} aria-live="polite">{vm.actionSummary}</p>
                    <Button onClick={() => void vm.book()} disabled={!vm.canBook} busy={vm.busy}>Book</Button>
                  </>
                )}
              </div>
            </section>
          </div>
        )}
      </div>
    </I18nProvider>
  )
})

export default StaffNewBookingPage
