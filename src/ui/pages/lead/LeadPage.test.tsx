import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Container } from 'inversify'
import * as E from 'fp-ts/Either'
import type { Lead, LeadBody } from '../../../contract/leads.routes'
import { ContainerProvider } from '../../use-view-model'
import { LeadViewModel, type LeadHostMessage } from '../../view-models/lead.view-model'
import { ToastViewModel } from '../../view-models/toast.view-model'
import { ManualClock, RecordingNavigator } from '../../view-models/form-test-support'
import LeadPage from './LeadPage'

afterEach(cleanup)

function renderLead(search: string) {
  const clock = new ManualClock()
  const sent: LeadBody[] = []
  const posted: LeadHostMessage[] = []
  const vm = new LeadViewModel(
    { execute: async (lead) => (sent.push(lead), E.right({ id: 'x', status: 'Open', firstName: '', surname: '', email: '' } as unknown as Lead)) },
    new ToastViewModel(clock),
    { embedded: true, post: (m) => posted.push(m) },
    new RecordingNavigator(),
    clock,
  )
  const container = new Container()
  container.bind(LeadViewModel).toConstantValue(vm)
  render(
    <ContainerProvider resolver={container} prepare={async () => undefined}>
      <LeadPage search={search} />
    </ContainerProvider>,
  )
  return { vm, sent, posted }
}

describe('LeadPage', () => {
  it('shows the fields in the order of the query, the heading and the contact group', () => {
    renderLead('?fields=email,dateOfBirth,firstName,surname,interested&title=Hello')
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeTruthy()
    const labels = [...document.querySelectorAll('form label')].map((l) => l.textContent?.replace('*', '').trim())
    expect(labels.slice(0, 4)).toEqual(['Email', 'Date of birth', 'First name', 'Surname'])
    expect(screen.queryByRole('group', { name: 'Treatments interested in' })).toBeNull()
    expect(screen.getByRole('group', { name: 'How should we contact you?' })).toBeTruthy()
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).placeholder).toBe('DD/MM/YYYY')
  })

  it('on submit shows the messages, focuses the first invalid field, and clears a message on edit', async () => {
    const { vm } = renderLead('')
    // the form's checks load after the first paint (a submit before then waits for them)
    await vm.ready()
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByText('First name is required')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' })))
    const first = screen.getByRole('textbox', { name: 'First name' })
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe('First name is required')
    fireEvent.change(first, { target: { value: 'Ada' } })
    expect(screen.queryByText('First name is required')).toBeNull()
    expect(screen.getByText('Surname is required')).toBeTruthy()
  })

  it('sanitises the footer HTML and shows the thank-you text after sending', async () => {
    const footer = encodeURIComponent(encodeURIComponent('<p>Small print</p><img src=x onerror="alert(1)">'))
    const { sent } = renderLead(`?footerText=${footer}`)
    await screen.findByText('Small print')
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeNull()
    expect(document.querySelector('img')?.getAttribute('alt')).toBe('')
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Surname' }), { target: { value: 'Lovelace' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByText("Thank you for your enquiry, we'll be in touch as soon as we can")
    expect(sent[0]).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', marketingTypes: ['Email'] })
    // the page's own footer stays after the form is gone
    expect(screen.getByRole('contentinfo').textContent).toBe('PrivacyAccessibility')
  })

  it("has the booking pages' footer outside the form, embedded too: Privacy and Accessibility in a new tab", () => {
    renderLead('?footerText=Small%20print')
    const footer = screen.getByRole('contentinfo')
    expect(footer.closest('form')).toBeNull()
    // a page landmark of its own (a footer inside main is not one), after the main with the form
    expect(footer.closest('main')).toBeNull()
    expect(screen.getByRole('main').contains(document.querySelector('form'))).toBe(true)
    expect(footer.compareDocumentPosition(document.querySelector('form')!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
    expect([...footer.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel])).toEqual([
      ['Privacy', '/privacy', '_blank', 'noopener'],
      ['Accessibility', '/accessibility', '_blank', 'noopener'],
    ])
    // inside the element whose height the parent frame follows (LeadPage's root)
    expect(footer.parentElement?.getAttribute('style')).toContain('--lead-font')
  })
})
