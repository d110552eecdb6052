// /staff/integrations: the tenant's webhook endpoints (list, add with the signing secret shown once,
// enable after a disable, delete, 'Send test event' with its outcome) and an endpoint's recent
// deliveries with 'Replay' (each button named after its delivery).
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint } from '../../../contract/integrations.routes'
import type { StaffIntegrationsViewModel } from '../../view-models/staff-integrations.view-model'
import { Check } from './StaffSettingsParts'
import { Confirm, SecretOnce, when } from './StaffIntegrationsParts'
import styles from './StaffIntegrations.module.css'

const STATE_LABEL: Record<WebhookDelivery['state'], string> = { delivered: 'Delivered', pending: 'Pending', failed: 'Failed' }

const HookForm = observer(function HookForm({ vm }: { vm: StaffIntegrationsViewModel }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.submitHook()
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label="New webhook endpoint" noValidate>
      <h3 className={styles.heading}>New webhook endpoint</h3>
      <TextField label="Endpoint URL" type="url" hint="An https:// address that accepts POST requests" value={vm.hookDraft.url} onChange={(v) => vm.setHookUrl(v)} />
      <fieldset className={styles.choices}>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Check key={event} selected={vm.hookDraft.events.includes(event)} onChange={(on) => vm.setHookEvent(event, on)}>{event}</Check>
        ))}
      </fieldset>
      {vm.hookError ? <p className={styles.error} role="alert">{vm.hookError}</p> : null}
      <div><Button type="submit" busy={vm.hookBusy}>Add endpoint</Button></div>
    </form>
  )
})

const Deliveries = observer(function Deliveries({ vm, endpoint }: { vm: StaffIntegrationsViewModel; endpoint: WebhookEndpoint }) {
  return (
    <div className={styles.deliveries}>
      <h4>Recent deliveries</h4>
      {vm.deliveriesError ? <p className={styles.error} role="alert">{vm.deliveriesError}</p> : null}
      {vm.deliveries.length === 0 ? <p className={styles.meta}>No deliveries yet.</p> : (
        <ul className={styles.list} aria-label={`Deliveries to ${endpoint.url}`}>
          {vm.deliveries.map((d) => (
            <li key={d.id} className={styles.row}>
              <div>
                <p className={styles.rowHead}>
                  <span className={styles.name}>{d.event}</span>
                  <span className={`${styles.badge} ${d.state === 'delivered' ? styles.good : d.state === 'failed' ? styles.bad : ''}`}>{STATE_LABEL[d.state]}</span>
                </p>
                <p className={styles.meta}>
                  {when(d.createdAt)} · {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
                  {d.lastStatus !== undefined ? ` · HTTP ${d.lastStatus}` : ''}
                  {d.lastError ? ` · ${d.lastError}` : ''}
                  {d.nextAttemptAt ? ` · next try ${when(d.nextAttemptAt)}` : ''}
                </p>
              </div>
              <div className={styles.actions}><Button variant="secondary" aria-label={vm.replayLabels.get(d.id)} onClick={() => void vm.replayDelivery(d)}>Replay</Button></div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})

const EndpointRow = observer(function EndpointRow({ vm, endpoint }: { vm: StaffIntegrationsViewModel; endpoint: WebhookEndpoint }) {
  const open = vm.openEndpoint === endpoint.id
  const tested = vm.testResult?.endpointId === endpoint.id ? vm.testResult : undefined
  return (
    <li className={styles.row}>
      <div>
        <p className={styles.rowHead}>
          <span className={styles.name}>{endpoint.url}</span>
          {endpoint.disabledAt ? <span className={`${styles.badge} ${styles.bad}`}>Disabled</span> : <span className={`${styles.badge} ${styles.good}`}>Enabled</span>}
        </p>
        <p className={styles.meta}>{endpoint.events.join(', ')}</p>
        <p className={styles.meta}>
          Added {when(endpoint.createdAt)}
          {endpoint.disabledAt ? ` · disabled ${when(endpoint.disabledAt)}${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}` : ''}
          {endpoint.consecutiveFailures > 0 ? ` · ${endpoint.consecutiveFailures} failed in a row` : ''}
        </p>
        <p className={tested && !tested.delivered ? styles.error : styles.meta} role="status">{tested?.text ?? ''}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" aria-expanded={open} onClick={() => void (open ? vm.hideDeliveries() : vm.showDeliveries(endpoint.id))}>{open ? 'Hide deliveries' : 'Deliveries'}</Button>
        {open ? <Button variant="ghost" onClick={() => void vm.showDeliveries(endpoint.id)}>Refresh</Button> : null}
        {endpoint.disabledAt ? null : (
          <Button variant="secondary" aria-label={`Send test event to ${endpoint.url}`} busy={vm.testing === endpoint.id} onClick={() => void vm.sendTestEvent(endpoint)}>Send test event</Button>
        )}
        {endpoint.disabledAt
          ? <Button variant="secondary" aria-label={`Enable ${endpoint.url}`} onClick={() => void vm.enable(endpoint)}>Enable</Button>
          : <Button variant="secondary" aria-label={`Disable ${endpoint.url}`} onClick={() => void vm.disable(endpoint)}>Disable</Button>}
        <Button variant="secondary" aria-label={`Delete ${endpoint.url}`} onClick={() => vm.askRemove(endpoint)}>Delete</Button>
      </div>
      {open ? <Deliveries vm={vm} endpoint={endpoint} /> : null}
    </li>
  )
})

/** The endpoints, their deliveries on demand, and the form for a new one. */
export const WebhooksSection = observer(function WebhooksSection({ vm }: { vm: StaffIntegrationsViewModel }) {
  return (
    <section className={styles.section} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className={styles.heading}>Webhooks</h2>
      <p className={styles.meta}>Each event is POSTed to the endpoint, signed in the Clinic-Signature header with the endpoint's secret (docs/integrations.md). An endpoint that keeps failing is disabled and the admins are mailed.</p>
      {vm.createdSecret ? (
        <SecretOnce
          label={`Signing secret of ${vm.createdSecret.url}`}
          secret={vm.createdSecret.secret}
          warning="Copy this signing secret now: it is shown only once. The receiver checks each delivery's signature with it."
          onDone={() => vm.dismissSecret()}
        />
      ) : null}
      {vm.endpoints.length === 0 ? <p className={styles.meta}>No webhook endpoints yet.</p> : (
        <ul className={styles.list} aria-label="Webhook endpoints">
          {vm.endpoints.map((endpoint) => <EndpointRow key={endpoint.id} vm={vm} endpoint={endpoint} />)}
        </ul>
      )}
      <HookForm vm={vm} />
      <Confirm title="Delete this webhook endpoint?" isOpen={vm.removing !== undefined} keep="Keep it" act="Delete endpoint" onKeep={() => vm.closeRemove()} onAct={() => void vm.confirmRemove()}>
        {vm.removing ? <p>Nothing more is sent to {vm.removing.url}, and its delivery log is deleted. This cannot be undone.</p> : null}
      </Confirm>
    </section>
  )
})
