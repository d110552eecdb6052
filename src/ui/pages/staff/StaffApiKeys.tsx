// /staff/integrations: the tenant's API keys (list, create with the secret shown once, revoke).
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { API_KEY_SCOPES } from '../../../contract/route'
import { SCOPE_LABELS, type StaffIntegrationsViewModel } from '../../view-models/staff-integrations.view-model'
import { Check } from './StaffSettingsParts'
import { Confirm, SecretOnce, when } from './StaffIntegrationsParts'
import styles from './StaffIntegrations.module.css'

const KeyForm = observer(function KeyForm({ vm }: { vm: StaffIntegrationsViewModel }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.submitKey()
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label="New API key" noValidate>
      <h3 className={styles.heading}>New API key</h3>
      <TextField label="Key name" hint="Who uses it, such as 'Website' or 'CRM'" value={vm.keyDraft.name} onChange={(v) => vm.setKeyName(v)} />
      <fieldset className={styles.choices}>
        <legend>Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <Check key={scope} selected={vm.keyDraft.scopes.includes(scope)} onChange={(on) => vm.setKeyScope(scope, on)}>
            {SCOPE_LABELS[scope]} <span className={styles.meta}>({scope})</span>
          </Check>
        ))}
      </fieldset>
      {vm.keyError ? <p className={styles.error} role="alert">{vm.keyError}</p> : null}
      <div><Button type="submit" busy={vm.keyBusy}>Create key</Button></div>
    </form>
  )
})

/** The keys, revoked ones marked, and the form for a new one. */
export const ApiKeysSection = observer(function ApiKeysSection({ vm }: { vm: StaffIntegrationsViewModel }) {
  return (
    <section className={styles.section} aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" className={styles.heading}>API keys</h2>
      <p className={styles.meta}>An integrator's system sends its key in the X-Api-Key header; each key opens only its scopes.</p>
      {vm.createdKey ? (
        <SecretOnce
          label={`API key ${vm.createdKey.name}`}
          secret={vm.createdKey.key}
          warning="Copy this key now: it is shown only once and cannot be shown again."
          onDone={() => vm.dismissCreatedKey()}
        />
      ) : null}
      {vm.keys.length === 0 ? <p className={styles.meta}>No API keys yet.</p> : (
        <ul className={styles.list} aria-label="API keys">
          {vm.keys.map((key) => (
            <li key={key.id} className={styles.row}>
              <div>
                <p className={styles.rowHead}>
                  <span className={styles.name}>{key.name}</span>
                  {key.revokedAt ? <span className={`${styles.badge} ${styles.bad}`}>Revoked {when(key.revokedAt)}</span> : <span className={`${styles.badge} ${styles.good}`}>Active</span>}
                </p>
                <p className={styles.meta}>Prefix <code>{key.prefix}</code> · {key.scopes.join(', ')}</p>
                <p className={styles.meta}>Created {when(key.createdAt)} · last used {when(key.lastUsedAt)}</p>
              </div>
              {key.revokedAt ? null : (
                <div className={styles.actions}><Button variant="secondary" aria-label={`Revoke ${key.name}`} onClick={() => vm.askRevoke(key)}>Revoke</Button></div>
              )}
            </li>
          ))}
        </ul>
      )}
      <KeyForm vm={vm} />
      <Confirm title="Revoke this API key?" isOpen={vm.revoking !== undefined} keep="Keep it" act="Revoke key" onKeep={() => vm.closeRevoke()} onAct={() => void vm.confirmRevoke()}>
        {vm.revoking ? <p>{vm.revoking.name} ({vm.revoking.prefix}) stops working at once; the systems that use it are refused. This cannot be undone.</p> : null}
      </Confirm>
    </section>
  )
})
