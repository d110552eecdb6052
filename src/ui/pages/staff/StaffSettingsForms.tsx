// The forms of /staff/settings (issue 29): each edits its section view model's draft and saves it
// through the one set-up engine. react-aria checkboxes and selects, the app's text fields.
import { observer } from 'mobx-react-lite'
import { TextField } from '../../components/Field'
import { WEEKDAYS, type Weekday } from '../../../contract/setup-document.codecs'
import { DEPOSIT_TYPES } from '../../../domain/pricing/deposit'
import type { ClinicSettingsViewModel } from '../../view-models/settings-clinics.view-model'
import type { PractitionerSettingsViewModel } from '../../view-models/settings-practitioners.view-model'
import type { DepositChoice, ServiceSettingsViewModel } from '../../view-models/settings-services.view-model'
import { StaffSelect } from './StaffControls'
import styles from './StaffSettings.module.css'
import { AddClinicForm, AddPractitionerForm, AddServiceForm, ArchiveButton } from './StaffSettingsAdd'
import { Check, SettingsForm } from './StaffSettingsParts'

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' }
/** Monday first, as a clinic's week reads. */
const WEEK = [...WEEKDAYS.slice(1), WEEKDAYS[0]] as Weekday[]
const HOURS_HINT = 'Times such as 09:00-13:00, 14:00-18:00; an empty day is closed.'
export const PERIODS_HINT = "One a line: 'yyyy-MM-dd yyyy-MM-dd name' (from, to, name); one date for one day"

function WeekFields({ label, hint = HOURS_HINT, suffix = '', week, onChange }: { label: string; hint?: string; suffix?: string; week: Record<Weekday, string>; onChange: (day: Weekday, text: string) => void }) {
  return (
    <fieldset className={styles.week}>
      <legend>{label}</legend>
      <p className={styles.weekHint}>{hint}</p>
      {WEEK.map((day) => <TextField key={day} label={`${DAY_NAMES[day]}${suffix}`} value={week[day]} onChange={(v) => onChange(day, v)} />)}
    </fieldset>
  )
}

export const ClinicForm = observer(function ClinicForm({ vm }: { vm: ClinicSettingsViewModel }) {
  const c = vm.draft
  if (vm.session.clinics.length === 0) return <><p>No clinics yet.</p><AddClinicForm vm={vm} /></>
  return (
    <>
      <StaffSelect label="Clinic" value={vm.clinic} options={vm.session.clinics} onChange={(v) => vm.select(v)} />
      <SettingsForm title="Clinic" session={vm.session} onSave={() => vm.save()}>
        <div className={styles.pair}>
          <TextField label="Account name" required value={c.accountName} onChange={(v) => vm.setField('accountName', v)} />
          <TextField label="Address line 1" required value={c.line1} onChange={(v) => vm.setField('line1', v)} />
          <TextField label="Address line 2" value={c.line2} onChange={(v) => vm.setField('line2', v)} />
          <TextField label="City" required value={c.city} onChange={(v) => vm.setField('city', v)} />
          <TextField label="Post code" value={c.postCode} onChange={(v) => vm.setField('postCode', v)} />
        </div>
        <Check selected={c.active} onChange={(v) => vm.setField('active', v)}>Active</Check>
        <Check selected={c.online} onChange={(v) => vm.setField('online', v)}>Show online</Check>
        <WeekFields label="Opening hours" week={c.hours} onChange={(d, v) => vm.setHours(d, v)} />
        <TextField label="Closed days" multiline rows={3} hint={PERIODS_HINT} value={c.closedDays} onChange={(v) => vm.setField('closedDays', v)} />
      </SettingsForm>
      <ArchiveButton label={vm.label} onPress={() => vm.askArchive()} />
      <AddClinicForm vm={vm} />
    </>
  )
})

const DEPOSIT_OPTIONS = [{ value: '', label: "The organisation's deposit" }, ...DEPOSIT_TYPES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))]

export const ServiceForm = observer(function ServiceForm({ vm }: { vm: ServiceSettingsViewModel }) {
  const s = vm.draft
  const { session } = vm
  if (session.services.length === 0) return <><p>No services yet.</p><AddServiceForm vm={vm} /></>
  return (
    <>
      <StaffSelect label="Service" value={vm.service} options={session.services} onChange={(v) => vm.select(v)} />
      <SettingsForm title="Service" session={session} onSave={() => vm.save()}>
        <div className={styles.pair}>
          <TextField label="Name" required value={s.name} onChange={(v) => vm.setField('name', v)} />
          <TextField label="Price" type="text" value={s.price} onChange={(v) => vm.setField('price', v)} />
          <TextField label="Duration (minutes)" value={s.duration} onChange={(v) => vm.setField('duration', v)} />
          <StaffSelect label="Category" value={s.category} options={[{ value: '', label: 'No category (not listed online)' }, ...session.categories]} onChange={(v) => vm.setField('category', v)} />
          <StaffSelect label="Deposit" value={s.deposit} options={DEPOSIT_OPTIONS} onChange={(v) => vm.setField('deposit', v as DepositChoice)} />
          {s.deposit && s.deposit !== 'no deposit' ? <TextField label={s.deposit === 'percentage' ? 'Deposit (%)' : 'Deposit amount'} value={s.depositAmount} onChange={(v) => vm.setField('depositAmount', v)} /> : null}
        </div>
        <Check selected={s.online} onChange={(v) => vm.setField('online', v)}>Book online</Check>
        <fieldset className={styles.week}>
          <legend>Locations</legend>
          {session.clinics.map((clinic) => {
            const at = s.locations[clinic.value] ?? { offered: false, online: false, price: '' }
            return (
              <div key={clinic.value} className={styles.location} role="group" aria-label={clinic.label}>
                <Check selected={at.offered} onChange={(v) => vm.setLocation(clinic.value, { offered: v })}>Offered at {clinic.label}</Check>
                {at.offered ? (
                  <>
                    <Check selected={at.online} onChange={(v) => vm.setLocation(clinic.value, { online: v })}>Show online at {clinic.label}</Check>
                    <TextField label={`Price at ${clinic.label}`} hint="Empty: the service's price" value={at.price} onChange={(v) => vm.setLocation(clinic.value, { price: v })} />
                  </>
                ) : null}
              </div>
            )
          })}
        </fieldset>
      </SettingsForm>
      <ArchiveButton label={vm.label} onPress={() => vm.askArchive()} />
      <AddServiceForm vm={vm} />
    </>
  )
})

export const PractitionerForm = observer(function PractitionerForm({ vm }: { vm: PractitionerSettingsViewModel }) {
  const { session, draft } = vm
  if (session.practitioners.length === 0) return <><p>No practitioners yet.</p><AddPractitionerForm vm={vm} /></>
  return (
    <>
      <div className={styles.pair}>
        <StaffSelect label="Practitioner" value={vm.practitioner} options={session.practitioners} onChange={(v) => vm.select(v)} />
        <StaffSelect label="Works at" value={vm.clinic} options={session.clinics} onChange={(v) => vm.select(vm.practitioner, v)} />
      </div>
      <SettingsForm title="Practitioner" session={session} onSave={() => vm.save()}>
        <TextField label="Practitioner's name" required value={draft.name} onChange={(v) => vm.setProfile('name', v)} />
        <TextField label="About them" hint="Shown on the booking pages" multiline rows={3} value={draft.description} onChange={(v) => vm.setProfile('description', v)} />
        <Check selected={draft.online} onChange={(v) => vm.setProfile('online', v)}>Show online</Check>
        <WeekFields label="Weekly working hours" week={draft.hours} onChange={(d, v) => vm.setHours(d, v)} />
        <WeekFields label="Breaks" hint="Within the day's working times, such as 12:30-13:00." suffix=" breaks" week={draft.breaks} onChange={(d, v) => vm.setBreaks(d, v)} />
        <TextField label="Leave" multiline rows={3} hint={PERIODS_HINT} value={draft.leave} onChange={(v) => vm.setLeave(v)} />
        <fieldset className={styles.week}>
          <legend>Services they offer</legend>
          {session.services.map((s) => {
            const offer = draft.services[s.value] ?? { offers: false, price: '', duration: '' }
            return (
              <div key={s.value} className={styles.location} role="group" aria-label={s.label}>
                <Check selected={offer.offers} onChange={(v) => vm.setService(s.value, { offers: v })}>{s.label}</Check>
                {offer.offers ? (
                  <div className={styles.pair}>
                    <TextField label={`Their price for ${s.label}`} hint="Empty: the service's" value={offer.price} onChange={(v) => vm.setService(s.value, { price: v })} />
                    <TextField label={`Their duration for ${s.label} (minutes)`} hint="Empty: the service's" value={offer.duration} onChange={(v) => vm.setService(s.value, { duration: v })} />
                  </div>
                ) : null}
              </div>
            )
          })}
        </fieldset>
      </SettingsForm>
      <ArchiveButton label={vm.label} onPress={() => vm.askArchive()} />
      <AddPractitionerForm vm={vm} />
    </>
  )
})
