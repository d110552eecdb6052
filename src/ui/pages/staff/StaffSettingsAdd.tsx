// /staff/settings: adding a clinic, a service or a practitioner, and archiving one after a
// confirmation; each through the one set-up engine like every other save.
import { observer } from 'mobx-react-lite'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import type { StaffSettingsViewModel } from '../../view-models/staff-settings.view-model'
import { SettingsForm } from './StaffSettingsParts'
import styles from './StaffSettings.module.css'

type Kind = 'clinics' | 'services' | 'practitioners'
const SINGULAR: Record<Kind, string> = { clinics: 'clinic', services: 'service', practitioners: 'practitioner' }

export const AddClinicForm = observer(function AddClinicForm({ vm }: { vm: StaffSettingsViewModel }) {
  const c = vm.newClinic
  return (
    <SettingsForm title="New clinic" action="Add clinic" vm={vm} onSave={() => vm.addClinic()}>
      <div className={styles.pair}>
        <TextField label="Clinic name" hint="Short, as the booking pages list it (London)" value={c.name} onChange={(v) => vm.setNew('newClinic', 'name', v)} />
        <TextField label="New clinic's account name" hint="Empty: the clinic name" value={c.accountName} onChange={(v) => vm.setNew('newClinic', 'accountName', v)} />
        <TextField label="New clinic's address line 1" value={c.line1} onChange={(v) => vm.setNew('newClinic', 'line1', v)} />
        <TextField label="New clinic's city" value={c.city} onChange={(v) => vm.setNew('newClinic', 'city', v)} />
      </div>
    </SettingsForm>
  )
})

export const AddServiceForm = observer(function AddServiceForm({ vm }: { vm: StaffSettingsViewModel }) {
  const s = vm.newService
  return (
    <SettingsForm title="New service" action="Add service" vm={vm} onSave={() => vm.addService()}>
      <div className={styles.pair}>
        <TextField label="New service's name" value={s.name} onChange={(v) => vm.setNew('newService', 'name', v)} />
        <TextField label="New service's duration (minutes)" value={s.duration} onChange={(v) => vm.setNew('newService', 'duration', v)} />
        <TextField label="New service's price" value={s.price} onChange={(v) => vm.setNew('newService', 'price', v)} />
      </div>
      <p className={styles.weekHint}>Offered and shown online at every clinic that is; choose its practitioners on their tab.</p>
    </SettingsForm>
  )
})

export const AddPractitionerForm = observer(function AddPractitionerForm({ vm }: { vm: StaffSettingsViewModel }) {
  return (
    <SettingsForm title="New practitioner" action="Add practitioner" vm={vm} onSave={() => vm.addPractitioner()}>
      <TextField label="New practitioner's name" value={vm.newPractitioner} onChange={(v) => vm.setNewPractitioner(v)} />
    </SettingsForm>
  )
})

export const ArchiveButton = observer(function ArchiveButton({ vm, kind, label }: { vm: StaffSettingsViewModel; kind: Kind; label: string }) {
  return <div><Button variant="secondary" onClick={() => vm.askArchive(kind)}>Archive {label}</Button></div>
})

export const ArchiveDialog = observer(function ArchiveDialog({ vm }: { vm: StaffSettingsViewModel }) {
  const a = vm.archiving
  return (
    <AppDialog
      title={`Archive this ${a ? SINGULAR[a.kind] : 'item'}?`}
      isOpen={a !== undefined}
      onClose={() => vm.closeArchive()}
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.closeArchive()}>Keep it</Button>
          <Button variant="danger" onClick={() => void vm.confirmArchive()}>Archive</Button>
        </>
      }
    >
      {a ? <p>{a.name} is hidden online and from these settings; its booked appointments stay as they are.</p> : null}
    </AppDialog>
  )
})
