import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { Container } from 'inversify'
import { ContainerProvider } from '../../use-view-model'
import { useNock } from '../../../adapters/http/test-support'
import { FORGOT_PASSWORD_RESULT } from '../../../domain/validation/forgot-password'
import { StaffForgotPasswordViewModel } from '../../view-models/staff-forgot-password.view-model'
import { staffForgotPasswordViewModel, staffServer } from '../../view-models/staff-forgot-password.test-support'
import StaffForgotPasswordPage from './StaffForgotPasswordPage'

useNock()
afterEach(cleanup)

function renderPage() {
  const container = new Container()
  container.bind(StaffForgotPasswordViewModel).toConstantValue(staffForgotPasswordViewModel())
  render(
    <MemoryRouter initialEntries={['/staff/forgot-password']}>
      <ContainerProvider resolver={container}>
        <StaffForgotPasswordPage />
      </ContainerProvider>
    </MemoryRouter>,
  )
}

describe('StaffForgotPasswordPage', () => {
  it('ties a missing email to the field, then shows the neutral answer in place of the form', async () => {
    const user = userEvent.setup()
    renderPage()
    expect(screen.getByRole('heading', { name: 'Reset your staff password' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to staff sign-in' }).getAttribute('href')).toBe('/staff')

    await user.click(screen.getByRole('button', { name: 'Email me a link' }))
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('You must enter an email address.')
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)

    staffServer().post('/api/staff/forgot-password', { email: 'desk@clinic.example.com' }).reply(200, { message: FORGOT_PASSWORD_RESULT })
    await user.type(email, 'Desk@Clinic.example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a link' }))
    expect((await screen.findByRole('status')).textContent).toBe(FORGOT_PASSWORD_RESULT)
    expect(screen.queryByRole('button', { name: 'Email me a link' })).toBeNull()
  })

  it("shows the server's refusal as an alert and keeps the form", async () => {
    const user = userEvent.setup()
    renderPage()
    staffServer().post('/api/staff/forgot-password').reply(429, { statusCode: 429, message: 'Too many requests, please try again later.' })
    await user.type(screen.getByLabelText('Email'), 'desk@clinic.example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a link' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, please try again later.')
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeTruthy()
  })
})
