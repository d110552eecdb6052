import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { Container } from 'inversify'
import { ContainerProvider } from '../../use-view-model'
import { organisation, world } from '../../view-models/booking.test-support'
import { PAYMENT_NOT_COMPLETED, PAYMENT_NOT_COMPLETED_TITLE, ThankYouViewModel } from '../../view-models/thank-you.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { AddToCalendarViewModel } from '../../view-models/add-to-calendar.view-model'
import { ThankYouCalendarViewModel } from '../../view-models/thank-you-calendar.view-model'
import ThankYouPage from './ThankYouPage'

afterEach(cleanup)

function renderAt(url: string, calendarLoads: string[][] = []) {
  const w = world()
  w.session.organisation = { ...organisation, thankYouText: '<p>See you soon</p>' }
  const container = new Container()
  container.bind(ThankYouViewModel).toConstantValue(new ThankYouViewModel(w.useCases.LocateClinic, w.booking, w.session, w.store, w.navigator, w.useCases.DeletePendingAppointment))
  container.bind(SessionViewModel).toConstantValue(w.session)
  // The calendar offer is not what these tests look at: view models that list nothing.
  container.bind(AddToCalendarViewModel).toConstantValue({} as AddToCalendarViewModel)
  const load = async (ids: readonly string[]) => void calendarLoads.push([...ids])
  container.bind(ThankYouCalendarViewModel).toConstantValue({ appointments: [], load } as unknown as ThankYouCalendarViewModel)
  render(
    <MemoryRouter initialEntries={[url]}>
      <ContainerProvider resolver={container}>
        <ThankYouPage />
      </ContainerProvider>
    </MemoryRouter>,
  )
  return w
}

describe('ThankYouPage', () => {
  it('thanks the customer after a payment', async () => {
    renderAt('/location?serviceBooking=true&booked=a1&redirect_status=succeeded')
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy()
    expect(await screen.findByText('See you soon')).toBeTruthy()
  })

  it("asks the calendar offer for this checkout's appointments, and for none after a course or a gift voucher", async () => {
    const booking: string[][] = []
    renderAt('/location?serviceBooking=true&booked=a1,a2', booking)
    await waitFor(() => expect(booking).toEqual([['a1', 'a2']]))
    cleanup()
    const course: string[][] = []
    renderAt('/location?coursePurchase=true', course)
    await waitFor(() => expect(course).toEqual([[]]))
    cleanup()
    const voucher: string[][] = []
    renderAt('/location?giftVoucherPurchase=true&booked=stale', voucher)
    await waitFor(() => expect(voucher).toEqual([[]]))
  })

  it("says the payment was not completed when the bank's check failed, and offers to book again", async () => {
    const w = renderAt('/location?serviceBooking=true&booked=a1&payment_intent=pi_1&redirect_status=failed')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(PAYMENT_NOT_COMPLETED_TITLE)
    expect(alert.textContent).toContain(PAYMENT_NOT_COMPLETED)
    expect(screen.queryByRole('heading', { name: 'Thank you' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Book new appointment' })).toBeTruthy()
    expect(w.useCases.calls.DeletePendingAppointment).toEqual([['a1']])
  })
})
