import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { DeskBookingViewModel } from './desk-booking.view-model'
import { ManualClock, useCase } from './account.view-model.test-support'
import type { AppError } from '../../application/failure'
import type { DeskBookingResult, DeskServiceOption, DeskTime } from '../../contract/desk.routes'
import type { DeskDraft } from '../../domain/booking/desk-request'

const LONDON = 'c'.repeat(24)
const SARAH = 'b'.repeat(24)
const PEEL: DeskServiceOption = { id: '5'.repeat(24), name: 'Chemical peel', durationMinutes: 45, price: 95, online: true, practitioners: [{ id: SARAH, name: 'Dr Sarah Jones' }] }
const TIME: DeskTime = { value: '10:00', start: '2026-06-01T09:00:00.000Z', end: '2026-06-01T09:45:00.000Z', services: [{ service: PEEL.id, practitioner: SARAH, start: '2026-06-01T09:00:00.000Z', end: '2026-06-01T09:45:00.000Z' }] }
const JO = { id: 'd'.repeat(24), email: 'jo@example.com', firstName: 'Jo', surname: 'Bloggs' }
const BOOKED: DeskBookingResult = { appointments: [], payment: 'link', status: 'Pending', deposit: 19, depositPaid: 0, message: 'held', payLink: 'http://x/pay' }
const VISIT = { id: 'a'.repeat(24), start: TIME.start, end: TIME.end, checkedIn: false, practitioner: 'Dr Sarah Jones', location: 'London', service: 'Chemical peel', customer: 'Jo Bloggs', depositPaid: 0, paid: [], due: 95 }
const AT_CLINIC: DeskBookingResult = { appointments: [{ ...VISIT, status: 'Scheduled' }], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, dueAtClinic: 95, message: 'paid at the clinic' }

function setup(book: E.Either<AppError, DeskBookingResult> = E.right(BOOKED)) {
  const locations = useCase(async () => E.right({ clinics: [{ id: LONDON, accountName: 'London', name: 'London' }] }))
  const services = useCase(async (_l: string) => E.right([PEEL]))
  const times = useCase(async (_b: object) => E.right([TIME]))
  const bookOnBehalf = useCase(async (_d: object) => book)
  const create = useCase(async (_b: object) => E.right(JO))
  const payAtClinic = useCase(async (_id: string): Promise<E.Either<AppError, DeskBookingResult>> => E.right(AT_CLINIC))
  const vm = new DeskBookingViewModel(locations as never, services as never, times as never, bookOnBehalf as never, create as never, new ManualClock(), payAtClinic as never)
  return { vm, services, times, bookOnBehalf, create, payAtClinic }
}

describe('DeskBookingViewModel', () => {
  it("opens on today at the first location with that location's services", async () => {
    const { vm, services } = setup()
    await vm.enter()
    expect(vm.date).toBe('2026-06-01')
    expect(vm.location).toBe(LONDON)
    expect(services.execute).toHaveBeenCalledWith(LONDON)
    expect(vm.services).toEqual([PEEL])
  })

  it('asks the times for the basket in order, any practitioner left out, and books the chosen one', async () => {
    const { vm, times, bookOnBehalf } = setup()
    await vm.enter()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    expect(times.execute).toHaveBeenLastCalledWith({ location: LONDON, date: '2026-06-01', services: [{ service: PEEL.id }] })
    await vm.setPractitioner(0, SARAH)
    expect(times.execute).toHaveBeenLastCalledWith({ location: LONDON, date: '2026-06-01', services: [{ service: PEEL.id, practitioner: SARAH }] })
    expect(vm.canBook).toBe(false)
    vm.chooseTime(TIME.start)
    vm.setPayment('link')
    expect(vm.canBook).toBe(true)
    await vm.book()
    expect(bookOnBehalf.execute).toHaveBeenCalledWith({ customerId: JO.id, locationId: LONDON, services: [{ serviceId: PEEL.id, practitionerId: SARAH }], start: TIME.start, payment: 'link', transactionId: expect.stringMatching(/^desk-/) })
    expect(vm.result).toEqual(BOOKED)
    vm.startAgain()
    expect(vm.customer).toBeUndefined()
    expect(vm.basket).toEqual([])
  })

  it('sends Book pressed again on the same choices with the same transaction id (one booking, one mail), other choices with a new one; Resend asks for the link again', async () => {
    const { vm, bookOnBehalf } = setup(E.left({ _tag: 'Unreachable', message: 'No answer from the server.' }))
    await vm.enter()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    vm.chooseTime(TIME.start)
    await vm.book()
    await vm.book()
    const sent = () => bookOnBehalf.execute.mock.calls.map((c) => c[0] as { transactionId: string; payment: string; resendPayLink?: boolean })
    expect(sent()[1].transactionId).toBe(sent()[0].transactionId)
    vm.setPayment('clinic')
    await vm.book()
    expect(sent()[2].transactionId).not.toBe(sent()[0].transactionId)

    bookOnBehalf.execute.mockImplementation(async () => E.right(BOOKED))
    vm.setPayment('link')
    await vm.book()
    expect(vm.result).toEqual(BOOKED)
    await vm.resendPayLink()
    expect(sent()[4]).toEqual({ ...sent()[3], resendPayLink: true })
    vm.startAgain()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    vm.chooseTime(TIME.start)
    await vm.book()
    // A new booking after 'Book another', even of the same choices.
    expect(sent()[5].transactionId).not.toBe(sent()[3].transactionId)
  })

  it('says beside Book what is still to choose, then what Book will book', async () => {
    const { vm } = setup()
    await vm.enter()
    expect(vm.actionSummary).toBe('Choose the customer.')
    vm.chooseCustomer(JO)
    expect(vm.actionSummary).toBe('Choose a service.')
    await vm.addService(PEEL.id)
    expect(vm.actionSummary).toBe('Choose a time.')
    vm.chooseTime(TIME.start)
    expect(vm.actionSummary).toBe('Jo Bloggs, 01/06/2026 at 10:00')
  })

  it("shows the server's refusal and the times free now when the time went meanwhile", async () => {
    const { vm, times } = setup(E.left({ _tag: 'Refused', status: 409, message: 'Sorry, this time is no longer available.' }))
    await vm.enter()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    vm.chooseTime(TIME.start)
    await vm.book()
    expect(vm.error).toBe('Sorry, this time is no longer available.')
    expect(times.execute).toHaveBeenCalledTimes(2)
  })

  it('asks before booking a customer who has another visit then: Book anyway books that same request with the override; a change of time drops the question', async () => {
    const CLASH = 'This customer already has a booking at this time: Chemical peel with Emma Wilson, 01/06/2026 10:00–10:45 (appointment ' + 'e'.repeat(24) + ').'
    const { vm, bookOnBehalf, times } = setup()
    bookOnBehalf.execute.mockResolvedValueOnce(E.left({ _tag: 'Refused', status: 409, message: CLASH }))
    await vm.enter()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    vm.chooseTime(TIME.start)
    await vm.book()
    expect(vm.clash).toBe(CLASH)
    expect(vm.error).toBeUndefined()
    expect(vm.result).toBeUndefined()
    expect(times.execute).toHaveBeenCalledTimes(1)
    vm.chooseTime('')
    expect(vm.clash).toBeUndefined()
    vm.chooseTime(TIME.start)
    expect(vm.clash).toBe(CLASH)
    await vm.book(true)
    // The same request as the refused one (its transaction id too: the refusal booked nothing), with the override.
    const refusedId = (bookOnBehalf.execute.mock.calls[0][0] as DeskDraft).transactionId
    expect(refusedId).toEqual(expect.any(String))
    expect(bookOnBehalf.execute).toHaveBeenLastCalledWith({ customerId: JO.id, locationId: LONDON, services: [{ serviceId: PEEL.id }], start: TIME.start, payment: 'link', transactionId: refusedId, allowOverlap: true })
    expect(vm.result).toEqual(BOOKED)
    expect(vm.clash).toBeUndefined()
  })

  it("checks a new customer with the spec's sign-up rules before creating them, then books for them", async () => {
    const { vm, create } = setup()
    await vm.enter()
    vm.setCustomerField('firstName', 'Jo')
    await vm.addCustomer()
    expect(vm.customerErrors).toMatchObject({ surname: 'Surname is required', email: 'Email is required', mobilePhone: 'Mobile is required' })
    expect(create.execute).not.toHaveBeenCalled()
    for (const [field, value] of [['title', 'Mx'], ['surname', 'Bloggs'], ['email', 'jo@example.com'], ['mobilePhone', '07700 900456'], ['dateOfBirth', '01/02/1990'], ['gender', 'female']] as const) vm.setCustomerField(field, value)
    await vm.addCustomer()
    expect(create.execute).toHaveBeenCalledWith({ title: 'Mx', firstName: 'Jo', surname: 'Bloggs', email: 'jo@example.com', mobilePhone: '+447700900456', dob: '1990-02-01', gender: 'female', notificationTypes: ['Email'] })
    expect(vm.customer).toEqual(JO)
  })

  it('creates a customer who takes texts when staff tick it: their pay link and notices go to the mobile too', async () => {
    const { vm, create } = setup()
    await vm.enter()
    for (const [field, value] of [['title', 'Mx'], ['firstName', 'Jo'], ['surname', 'Bloggs'], ['email', 'jo@example.com'], ['mobilePhone', '07700 900456'], ['dateOfBirth', '01/02/1990'], ['gender', 'female']] as const) vm.setCustomerField(field, value)
    vm.setTakesTexts(true)
    await vm.addCustomer()
    expect(create.execute).toHaveBeenCalledWith(expect.objectContaining({ notificationTypes: ['Email', 'SMS'] }))
    // The next new customer starts from mail only.
    expect(vm.newCustomer.takesTexts).toBeUndefined()
  })

  it('switches a booking still waiting for its pay link to pay at the clinic (the customer phoned), and shows the refusal when it no longer waits', async () => {
    const { vm, bookOnBehalf, payAtClinic } = setup()
    bookOnBehalf.execute.mockResolvedValue(E.right({ ...BOOKED, appointments: [{ ...VISIT, status: 'Pending' }] }))
    await vm.enter()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    vm.chooseTime(TIME.start)
    await vm.book()
    expect(vm.awaitingPayLink).toBe(true)
    await vm.payAtClinicInstead()
    expect(payAtClinic.execute).toHaveBeenCalledWith(VISIT.id)
    expect(vm.result).toEqual(AT_CLINIC)
    expect(vm.awaitingPayLink).toBe(false)
    // Nothing left to switch: no second call.
    await vm.payAtClinicInstead()
    expect(payAtClinic.execute).toHaveBeenCalledTimes(1)

    vm.startAgain()
    vm.chooseCustomer(JO)
    await vm.addService(PEEL.id)
    vm.chooseTime(TIME.start)
    await vm.book()
    payAtClinic.execute.mockResolvedValueOnce(E.left({ _tag: 'Refused', status: 409, message: 'This appointment is not waiting for a payment.' }))
    await vm.payAtClinicInstead()
    expect(vm.error).toBe('This appointment is not waiting for a payment.')
    expect(vm.busy).toBe(false)
  })
})
