import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './ui/styles/global.css'
import { createLeadContainer } from './composition/lead.container'
import { ContainerProvider } from './ui/use-view-model'
import { LeadShell } from './ui/pages/lead/LeadShell'

// The entry of lead.html (/lead): the embeddable lead form alone, on its own small composition.
const container = createLeadContainer()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ContainerProvider resolver={container}>
      <LeadShell />
    </ContainerProvider>
  </StrictMode>,
)
