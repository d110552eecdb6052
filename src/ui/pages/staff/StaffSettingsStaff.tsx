// /staff/settings (issue 29): the staff logins and their roles; a new one comes with its one-time
// set-password link to pass on (the staff routes, as `clinic admin staff add` prints it).
import { observer } from 'mobx-react-lite'
import { TextField } from '../../components/Field'
import { STAFF_ROLES, type StaffRole } from '../../../contract/staff.routes'
import type { StaffLoginsViewModel } from '../../view-models/settings-staff.view-model'
import { StaffSelect } from './StaffControls'
import styles from './StaffSettings.module.css'
import { SettingsForm } from './StaffSettingsParts'

const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin (desk, settings and reports)', practitioner: 'Practitioner (the desk)' }

export const StaffLoginsForm = observer(function StaffLoginsForm({ vm }: { vm: StaffLoginsViewModel }) {
  const f = vm.form
  const practitioners = vm.session.practitioners
  return (
    <>
      <section aria-label="Staff logins">
        <h2>Staff logins</h2>
        <ul className={styles.logins}>
          {vm.logins.map((l) => (
            <li key={l.id}>
              {l.displayName} · {l.email} · {l.role}
              {l.practitionerSlug ? ` · ${practitioners.find((p) => p.value === l.practitionerSlug)?.label ?? l.practitionerSlug}` : ''}
            </li>
          ))}
        </ul>
      </section>
      {vm.created ? (
        <p>
          Pass this one-time set-password link to {vm.created.email}: <span className={styles.link}>{vm.created.setPasswordUrl}</span>
        </p>
      ) : null}
      <SettingsForm title="New staff login" action="Add staff login" session={vm.session} onSave={() => vm.add()}>
        <div className={styles.pair}>
          <TextField label="Their email" type="email" value={f.email} onChange={(v) => vm.set('email', v)} />
          <TextField label="Their name" value={f.displayName} onChange={(v) => vm.set('displayName', v)} />
          <StaffSelect label="Role" value={f.role} options={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} onChange={(v) => vm.set('role', v as StaffRole)} />
          <StaffSelect label="Their practitioner" value={f.practitioner} options={[{ value: '', label: 'None' }, ...practitioners]} onChange={(v) => vm.set('practitioner', v)} />
        </div>
      </SettingsForm>
    </>
  )
})
