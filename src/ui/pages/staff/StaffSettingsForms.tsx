// The forms of /staff/settings (issue 29): each edits the view model's draft and saves it through the
// one set-up engine. react-aria checkboxes and selects, the app's text fields.
import { observer } from 'mobx-react-lite'
import { TextField } from '../../components/Field'
import { WEEKDAYS, type Weekday } from '../../../contract/setup-document.codecs'
import { DEPOSIT_TYPES } from '../../../domain/pricing/deposit'
import type { DepositChoice, StaffSettingsViewModel } from '../../view-models/staff-settings.view-model'
import { StaffSelect } from './StaffControls'
import styles from './StaffSettings.module.css'
import { AddClinicForm, AddPractitionerForm, AddServiceForm, ArchiveButton } from './StaffSettingsAdd'
import { Check, SettingsForm } from './StaffSettingsParts'

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' }
/** Monday first, as a clinic's week reads. */
const WEEK = [...WEEKDAYS.slice(1), WEEKDAYS[0]] as Weekday[]
const HOURS_HINT = 'Times such as 09:00-13:00, 14:00-18:00; an empty day is closed.'
const PERIODS_HINT = "One a line: 'yyyy-MM-dd yyyy-MM-dd name' (from, to, name); one date for one day"

function WeekFields({ label, week, onChange }: { label: string; week: Record<Weekday, string>; onChange: (day: Weekday, text: string) => void }) {
  return (
    <fieldset className={styles.week}>
      <legend>{label}</legend>
      <p className={styles.weekHint}>{HOURS_HINT}</p>
      {WEEK.map((day) => <TextField key={day} label={DAY_NAMES[day]} value={week[day]} onChange={(v) => onChange(day, v)} />)}
    </fieldset>
  )
}

export const ClinicForm = observer(function ClinicForm({ vm }: { vm: StaffSettingsViewModel }) {
  const c = vm.clinicDraft
  if (vm.clinics.length === 0) return <><p>No clinics yet.</p><AddClinicForm vm={vm} /></>
  return (
    <>
      <StaffSelect label="Clinic" value={vm.clinic} options={vm.clinics} onChange={(v) => vm.selectClinic(v)} />
      <SettingsForm title="Clinic" vm={vm} onSave={() => vm.saveClinic()}>
        <div className={styles.pair}>
          <TextField label="Account name" required value={c.accountName} onChange={(v) => vm.setClinicField('accountName', v)} />
          <TextField label="Address line 1" required value={c.line1} onChange={(v) => vm.setClinicField('line1', v)} />
          <TextField label="Address line 2" value={c.line2} onChange={(v) => vm.setClinicField('line2', v)} />
          <TextField label="City" required value={c.city} onChange={(v) => vm.setClinicField('city', v)} />
          <TextField label="Post code" value={c.postCode} onChange={(v) => vm.setClinicField('postCode', v)} />
        </div>
        <Check selected={c.active} onChange={(v) => vm.setClinicField('active', v)}>Active</Check>
        <Check selected={c.online} onChange={(v) => vm.setClinicField('online', v)}>Show online</Check>
        <WeekFields label="Opening hours" week={c.hours} onChange={(d, v) => vm.setClinicHours(d, v)} />
        <TextField label="Closed days" multiline rows={3} hint={PERIODS_HINT} value={c.closedDays} onChange={(v) => vm.setClinicField('closedDays', v)} />
      </SettingsForm>
      <ArchiveButton vm={vm} kind="clinics" label={vm.clinics.find((o) => o.value === vm.clinic)?.label ?? 'this clinic'} />
      <AddClinicForm vm={vm} />
    </>
  )
})

const DEPOSIT_OPTIONS = [{ value: '', label: "The organisation's deposit" }, ...DEPOSIT_TYPES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))]

export const ServiceForm = observer(function ServiceForm({ vm }: { vm: StaffSettingsViewModel }) {
  const s = vm.serviceDraft
  if (vm.services.length === 0) return <><p>No services yet.</p><AddServiceForm vm={vm} /></>
  return (
    <>
      <StaffSelect label="Service" value={vm.service} options={vm.services} onChange={(v) => vm.selectService(v)} />
      <SettingsForm title="Service" vm={vm} onSave={() => vm.saveService()}>
        <div className={styles.pair}>
          <TextField label="Name" required value={s.name} onChange={(v) => vm.setServiceField('name', v)} />
          <TextField label="Price" type="text" value={s.price} onChange={(v) => vm.setServiceField('price', v)} />
          <TextField label="Duration (minutes)" value={s.duration} onChange={(v) => vm.setServiceField('duration', v)} />
          <StaffSelect label="Deposit" value={s.deposit} options={DEPOSIT_OPTIONS} onChange={(v) => vm.setServiceField('deposit', v as DepositChoice)} />
          {s.deposit && s.deposit !== 'no deposit' ? <TextField label={s.deposit === 'percentage' ? 'Deposit (%)' : 'Deposit amount'} value={s.depositAmount} onChange={(v) => vm.setServiceField('depositAmount', v)} /> : null}
        </div>
        <Check selected={s.online} onChange={(v) => vm.setServiceField('online', v)}>Book online</Check>
        <fieldset className={styles.week}>
          <legend>Locations</legend>
          {vm.clinics.map((clinic) => {
            const at = s.locations[clinic.value] ?? { offered: false, online: false, price: '' }
            return (
              <div key={clinic.value} className={styles.location} role="group" aria-label={clinic.label}>
                <Check selected={at.offered} onChange={(v) => vm.setServiceLocation(clinic.value, { offered: v })}>Offered at {clinic.label}</Check>
                {at.offered ? (
                  <>
                    <Check selected={at.online} onChange={(v) => vm.setServiceLocation(clinic.value, { online: v })}>Show online at {clinic.label}</Check>
                    <TextField label={`Price at ${clinic.label}`} hint="Empty: the service's price" value={at.price} onChange={(v) => vm.setServiceLocation(clinic.value, { price: v })} />
                  </>
                ) : null}
              </div>
            )
          })}
        </fieldset>
      </SettingsForm>
      <ArchiveButton vm={vm} kind="services" label={vm.services.find((o) => o.value === vm.service)?.label ?? 'this service'} />
      <AddServiceForm vm={vm} />
    </>
  )
})

export const PractitionerForm = observer(function PractitionerForm({ vm }: { vm: StaffSettingsViewModel }) {
  if (vm.practitioners.length === 0) return <><p>No practitioners yet.</p><AddPractitionerForm vm={vm} /></>
  return (
    <>
      <div className={styles.pair}>
        <StaffSelect label="Practitioner" value={vm.practitioner} options={vm.practitioners} onChange={(v) => vm.selectPractitioner(v)} />
        <StaffSelect label="Works at" value={vm.practitionerClinic} options={vm.clinics} onChange={(v) => vm.selectPractitioner(vm.practitioner, v)} />
      </div>
      <SettingsForm title="Practitioner" vm={vm} onSave={() => vm.savePractitioner()}>
        <WeekFields label="Weekly working hours" week={vm.practitionerDraft.hours} onChange={(d, v) => vm.setPractitionerHours(d, v)} />
        <TextField label="Leave" multiline rows={3} hint={PERIODS_HINT} value={vm.practitionerDraft.leave} onChange={(v) => vm.setPractitionerLeave(v)} />
        <fieldset className={styles.week}>
          <legend>Services they offer</legend>
          {vm.services.map((s) => (
            <Check key={s.value} selected={vm.practitionerDraft.services[s.value] ?? false} onChange={(v) => vm.setPractitionerService(s.value, v)}>{s.label}</Check>
          ))}
        </fieldset>
      </SettingsForm>
      <ArchiveButton vm={vm} kind="practitioners" label={vm.practitioners.find((o) => o.value === vm.practitioner)?.label ?? 'this practitioner'} />
      <AddPractitionerForm vm={vm} />
    </>
  )
})
