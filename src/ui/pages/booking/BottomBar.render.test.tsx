// The phone's bottom bar on confirm (375 × 667 shows it): 'Due now' with what the card is charged now,
// and only when something is; a reschedule takes no deposit (depositApplies), so its bar reads the total.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { Container } from 'inversify'
import { ContainerProvider } from '../../use-view-model'
import { anna, clinicA, facial, organisation, paymentOf, user, world, type World } from '../../view-models/booking.test-support'
import { BookingViewModel } from '../../view-models/booking.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { ConfirmViewModel } from '../../view-models/confirm.view-model'
import { BottomBar } from './BottomBar'

afterEach(cleanup)

const slot = { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }

/** The bar on the confirm step of what `prepare` chose, for a signed-in customer of the demo organisation (50 % deposit). */
function renderOnConfirm(prepare: (w: World) => void) {
  const w = world()
  w.session.organisation = organisation
  w.session.signedIn(user)
  prepare(w)
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: w.booking.view.isReschedule ? { reschedule: '1', service: '0' } : { service: '0' } })
  expect(w.booking.view.step).toBe('confirm')
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, paymentOf(w), w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  const container = new Container()
  container.bind(BookingViewModel).toConstantValue(w.booking)
  container.bind(SessionViewModel).toConstantValue(w.session)
  container.bind(ConfirmViewModel).toConstantValue(confirm)
  render(
    <MemoryRouter>
      <ContainerProvider resolver={container}>
        <BottomBar />
      </ContainerProvider>
    </MemoryRouter>,
  )
  return { w, confirm }
}

describe('the bottom bar on confirm', () => {
  it("a booking: 'Due now' and its deposit", () => {
    renderOnConfirm((w) => {
      w.booking.setLocation(clinicA)
      w.booking.chooseService(facial, 'cat1')
      w.booking.choosePractitioner(anna)
      w.booking.answerAnotherService(false)
      w.booking.chooseTime([slot])
    })
    expect(screen.getByText('Due now · view summary')).toBeTruthy()
    expect(screen.getByTestId('bottom-bar-amount').textContent).toBe('£45.00')
  })

  it("a reschedule takes no deposit: the total, no 'Due now · £0.00'", () => {
    const { confirm } = renderOnConfirm((w) => {
      w.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
      w.booking.choosePractitioner(anna)
      w.booking.chooseTime([slot])
    })
    expect(confirm.amountDue).toBe(0)
    expect(confirm.amountDueNow).toBeUndefined()
    expect(screen.queryByText('Due now · view summary')).toBeNull()
    expect(screen.getByText('Total · view summary')).toBeTruthy()
    expect(screen.getByTestId('bottom-bar-amount').textContent).toBe('£90.00')
  })
})
