import { observer } from 'mobx-react-lite'
import { useViewModel } from '../../use-view-model'
import { ToastViewModel } from '../../view-models/toast.view-model'
import { Toasts } from '../../components/Toasts'
import LeadPage from './LeadPage'

/** The whole /lead page: no header or banners (spec: top navigation hidden on /lead), the form (its main and footer) and its toasts. */
export const LeadShell = observer(function LeadShell({ search, onHydrated }: { search?: string; onHydrated?: () => void }) {
  const toasts = useViewModel<ToastViewModel>(ToastViewModel)
  return (
    <>
      <LeadPage search={search} onHydrated={onHydrated} />
      <Toasts vm={toasts} />
    </>
  )
})
