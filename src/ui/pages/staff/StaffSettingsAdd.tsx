// /staff/settings: adding a clinic, a service or a practitioner, and archiving an item after a
// confirmation; each through the one set-up engine like every other save.
import { observer } from 'mobx-react-lite'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import type { ClinicSettingsViewModel } from '../../view-models/settings-clinics.view-model'
import type { PractitionerSettingsViewModel } from '../../view-models/settings-practitioners.view-model'
import { NEEDS_CATEGORY, type ServiceSettingsViewModel } from '../../view-models/settings-services.view-model'
import { StaffSelect } from './StaffControls'
import { singular, type SettingsSession } from '../../view-models/settings-session.view-model'
import { archiveKeepsBookingsText } from '../../../domain/setup/archive-with-bookings'
import { SettingsForm } from './StaffSettingsParts'
import styles from './StaffSettings.module.css'

export const AddClinicForm = observer(function AddClinicForm({ vm }: { vm: ClinicSettingsViewModel }) {
  const c = vm.newClinic
  return (
    <SettingsForm title="New clinic" action="Add clinic" session={vm.session} onSave={() => vm.add()}>
      <div className={styles.pair}>
        <TextField label="Clinic name" hint="Short, as the booking pages list it (London)" value={c.name} onChange={(v) => vm.setNew('name', v)} />
        <TextField label="New clinic's account name" hint="Empty: the clinic name" value={c.accountName} onChange={(v) => vm.setNew('accountName', v)} />
        <TextField label="New clinic's address line 1" value={c.line1} onChange={(v) => vm.setNew('line1', v)} />
        <TextField label="New clinic's city" value={c.city} onChange={(v) => vm.setNew('city', v)} />
      </div>
    </SettingsForm>
  )
})

export const AddServiceForm = observer(function AddServiceForm({ vm }: { vm: ServiceSettingsViewModel }) {
  const s = vm.newService
  return (
    <SettingsForm title="New service" action="Add service" session={vm.session} onSave={() => vm.add()}>
      <div className={styles.pair}>
        <TextField label="New service's name" value={s.name} onChange={(v) => vm.setNew('name', v)} />
        <TextField label="New service's duration (minutes)" value={s.duration} onChange={(v) => vm.setNew('duration', v)} />
        <TextField label="New service's price" value={s.price} onChange={(v) => vm.setNew('price', v)} />
        {vm.session.categories.length > 0 ? <StaffSelect label="New service's category" value={vm.newCategory} options={vm.session.categories} onChange={(v) => vm.setNew('category', v)} /> : null}
      </div>
      {vm.session.categories.length === 0 ? <p className={styles.weekHint}>{NEEDS_CATEGORY}</p> : null}
      <p className={styles.weekHint}>Offered and shown online at every clinic that is; choose its practitioners on their tab.</p>
    </SettingsForm>
  )
})

export const AddPractitionerForm = observer(function AddPractitionerForm({ vm }: { vm: PractitionerSettingsViewModel }) {
  return (
    <SettingsForm title="New practitioner" action="Add practitioner" session={vm.session} onSave={() => vm.add()}>
      <TextField label="New practitioner's name" value={vm.newPractitioner} onChange={(v) => vm.setNew(v)} />
    </SettingsForm>
  )
})

export function ArchiveButton({ label, onPress }: { label: string; onPress: () => void }) {
  return <div><Button variant="secondary" onClick={onPress}>Archive {label}</Button></div>
}

/** The archive's confirmation; asked again, with the count, when the server finds upcoming bookings. */
export const ArchiveDialog = observer(function ArchiveDialog({ session }: { session: SettingsSession }) {
  const a = session.archiving
  const upcoming = a?.upcomingBookings
  return (
    <AppDialog
      title={`Archive this ${a ? singular(a.kind) : 'item'}?`}
      isOpen={a !== undefined}
      onClose={() => session.closeArchive()}
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onClick={() => session.closeArchive()}>Keep it</Button>
          <Button variant="danger" onClick={() => void session.confirmArchive()}>{upcoming === undefined ? 'Archive' : 'Archive anyway'}</Button>
        </>
      }
    >
      {a && upcoming !== undefined ? (
        archiveKeepsBookingsText(a.name, upcoming).map((line) => <p key={line}>{line}</p>)
      ) : a ? (
        <p>{a.name} is hidden online and from these settings; its booked appointments stay as they are.</p>
      ) : null}
    </AppDialog>
  )
})
