import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { useViewModel } from '../../use-view-model'
import { StaffIntegrationsViewModel } from '../../view-models/staff-integrations.view-model'
import { ApiKeysSection } from './StaffApiKeys'
import { WebhooksSection } from './StaffWebhooks'
import desk from './StaffDesk.module.css'

/**
 * /staff/integrations (issue 30): an admin's API keys and webhook endpoints, the same use cases as
 * `clinic admin api-key ...` and `clinic admin webhook ...`.
 */
const StaffIntegrationsPage = observer(function StaffIntegrationsPage() {
  const vm = useViewModel<StaffIntegrationsViewModel>(StaffIntegrationsViewModel)
  useEffect(() => {
    void vm.enter()
  }, [vm])
  if (!vm.signedIn) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Integrations</h1><p>Sign in as staff first: <Link to="/staff">staff sign-in</Link>.</p></section></div>
  }
  if (vm.staff && !vm.isAdmin) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Integrations</h1><p>Integrations are for admins only.</p><p><Link to="/staff">Back to the day bookings</Link></p></section></div>
  }
  return (
    <div className={desk.page}>
      <header className={desk.bar}>
        <div>
          <h1 className={desk.title}>Integrations</h1>
          {vm.staff ? <p className={desk.who}>Signed in as {vm.staff.displayName} ({vm.staff.role})</p> : null}
        </div>
        <div className={desk.bar}>
          <Link to="/staff">Day bookings</Link>
          <Link to="/staff/settings">Settings</Link>
        </div>
      </header>
      {vm.error ? <p className={desk.error} role="alert">{vm.error}</p> : null}
      <p className={desk.notice} role="status">{vm.loading ? 'Loading…' : (vm.notice ?? '')}</p>
      {vm.staff ? (
        <>
          <ApiKeysSection vm={vm} />
          <WebhooksSection vm={vm} />
        </>
      ) : null}
    </div>
  )
})

export default StaffIntegrationsPage
