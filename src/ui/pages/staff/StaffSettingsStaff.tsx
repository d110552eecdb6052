// /staff/settings (issue 29): the staff logins and their roles; a new one comes with its one-time
// set-password link to pass on (the staff routes, as `clinic admin staff add` prints it); a role is
// changed in place, and a login removed after a confirmation (never one's own).
import { observer } from 'mobx-react-lite'
import { TextField } from '../../components/Field'
import { STAFF_ROLES, type StaffRole } from '../../../contract/staff.routes'
import type { StaffLoginsViewModel } from '../../view-models/settings-staff.view-model'
import { StaffSelect } from './StaffControls'
import styles from './StaffSettings.module.css'
import { SettingsForm } from './StaffSettingsParts'
import { Button } from '../../components/Button'
import { Confirm } from './StaffIntegrationsParts'

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
              <span>
                {l.displayName} · {l.email}
                {l.practitionerSlug ? ` · ${practitioners.find((p) => p.value === l.practitionerSlug)?.label ?? l.practitionerSlug}` : ''}
              </span>
              <StaffSelect label={`Role of ${l.displayName}`} value={l.role} options={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} onChange={(v) => void vm.setRole(l, v as StaffRole)} />
              {vm.isOwn(l) ? null : (
                <Button variant="secondary" aria-label={`Remove ${l.displayName} (${l.email})`} onClick={() => vm.askRemove(l)}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <Confirm title="Remove this staff login?" isOpen={vm.removing !== undefined} keep="Keep" act="Remove login" onKeep={() => vm.keep()} onAct={() => void vm.confirmRemove()}>
        <p>
          {vm.removing ? `${vm.removing.displayName} (${vm.removing.email}) can no longer sign in, and their open sessions end now. The bookings and records stay.` : ''}
        </p>
      </Confirm>
      {vm.created ? (
        <p>
          We have emailed {vm.created.email} a link to choose their password. The same one-time link, to pass on yourself: <span className={styles.link}>{vm.created.setPasswordUrl}</span>
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
