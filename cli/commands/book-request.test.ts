// The same choices give byte-identical booking requests from the web's confirm step and `clinic book`:
// both build them with the domain's toBookingRequest (issue 27).
import { describe, expect, it } from 'vitest'
import type { ChainedSlot } from '../../src/application/use-cases/availability.use-case'
import type { Clinic } from '../../src/contract/clinics.routes'
import type { Practitioner } from '../../src/contract/practitioners.routes'
import { ConfirmViewModel } from '../../src/ui/view-models/confirm.view-model'
import { PaymentViewModel } from '../../src/ui/view-models/payment.view-model'
import { anna, ben, chooseFacialAndMassage, clinicA, facialService, flush, massageService, organisation, slotHoldOf, user, world } from '../../src/ui/view-models/booking.test-support'
import { bookingRequestOf, wizardStateOfChoice } from './book.command'

const FACIAL_AT = { startDate: '2026-03-12T10:00:00.000Z', endDate: '2026-03-12T11:00:00.000Z' }
const MASSAGE_AT = { startDate: '2026-03-12T11:00:00.000Z', endDate: '2026-03-12T11:30:00.000Z' }

/** The web: the wizard's choices, the time step's pick (held), confirm, agree; the request ConfirmBooking receives. */
async function webRequest(second: typeof ben | 'any'): Promise<string> {
  const w = world()
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  w.session.organisation = organisation
  w.session.signedIn(user)
  chooseFacialAndMassage(w.booking, second)
  // The time step's pick, as the page makes it: held on the server; 'Any practitioner' is named by the slot (Ben), his price from the staff list.
  expect(await slotHoldOf(w, payment).pick([{ ...FACIAL_AT, practitioner: anna.id }, { ...MASSAGE_AT, practitioner: ben.id }])).toBe('held')
  await flush()
  expect(w.booking.view.basket.map((i) => i.staff)).toEqual([anna, ben])
  w.booking.syncRoute({ locationId: clinicA.id, categoryId: 'cat1', serviceId: massageService.id, confirm: true, query: { service: '1' } })
  confirm.enter()
  confirm.onTermsScroll(400, 200, 600)
  await confirm.agree()
  await flush()
  const calls = w.useCases.calls.ConfirmBooking ?? []
  expect(calls).toHaveLength(1)
  // The web books the time it holds, naming the hold; `clinic book` holds nothing before booking. The rest, byte for byte.
  const { hold, ...request } = calls[0][0] as { hold?: unknown }
  expect(hold).toEqual({ id: 'a0000000000000000000000a', token: 'secret-token-of-the-hold' })
  return JSON.stringify(request)
}

/** The CLI: the same clinic, services, practitioners and slot, as `clinic book` builds its request. */
function cliRequest(staff: Practitioner | null): string {
  const slot = {
    value: '10:00',
    startDate: FACIAL_AT.startDate,
    endDate: MASSAGE_AT.endDate,
    valid: true,
    parts: [{ ...FACIAL_AT, practitioner: anna.id, valid: true }, { ...MASSAGE_AT, practitioner: ben.id, valid: true }],
  } as ChainedSlot
  const lists = [[anna, ben], [anna, ben]] as Practitioner[][]
  const state = wizardStateOfChoice({ clinic: clinicA as Clinic, services: [facialService, massageService], staff }, slot, lists)
  return JSON.stringify(bookingRequestOf(state, { customerId: user.id, accountBalance: user.accountBalance, settings: organisation }))
}

describe('one booking request for the web and the CLI', () => {
  it('a facial with Anna then a massage with Ben: the same bytes', async () => {
    const web = await webRequest(ben)
    expect(web).toBe(cliRequest(anna as Practitioner))
    // and it is the booking asked for: Anna's and Ben's prices, 50 % deposits summed
    expect(JSON.parse(web)).toMatchObject({ kind: 'book', customerId: user.id, clinicId: clinicA.id, appointment: { practitioner: anna.id, price: 90, deposit: 80, linkedAppointments: [{ practitioner: ben.id, price: 70 }] } })
  })

  it("'Any practitioner' for the second service, named by the slot: the same bytes", async () => {
    expect(await webRequest('any')).toBe(cliRequest(null))
  })
})
