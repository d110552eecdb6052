import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import './ui/styles/global.css'
import { createLeadContainer } from './composition/lead.container'
import { LEAD_STATE_ATTRIBUTE, leadPageState } from './composition/lead-state'
import { ContainerProvider } from './ui/use-view-model'
import { LeadShell } from './ui/pages/lead/LeadShell'
import { keepTypedValues } from './ui/pages/lead/lead-typed-values'
import { LeadViewModel } from './ui/view-models/lead.view-model'

// The entry of lead.html (/lead): the embeddable lead form alone, on its own small composition.
const container = createLeadContainer()
const search = window.location.search
const root = document.getElementById('root') as HTMLElement
const vm = container.get(LeadViewModel)
// Configured before the first render: that render is the query's form (the server's, when it sent one).
vm.configure(search)
const page = (onHydrated?: () => void) => (
  <StrictMode>
    <ContainerProvider resolver={container}>
      <LeadShell search={search} onHydrated={onHydrated} />
    </ContainerProvider>
  </StrictMode>
)

// The server's markup of this query's form (issue 28, src/composition/lead.ssr.tsx) is hydrated with
// what was typed into it meanwhile; any other (none, another build's) is replaced by the browser's render.
if (root.getAttribute(LEAD_STATE_ATTRIBUTE) === leadPageState(search)) {
  const chosen = keepTypedValues(root, vm)
  // In a transition: React hydrates in slices, not one long task (a phone's blocking time).
  startTransition(() => {
    hydrateRoot(root, page(chosen))
  })
} else {
  root.replaceChildren()
  createRoot(root).render(page())
}
