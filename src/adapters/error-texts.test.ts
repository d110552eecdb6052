// The spec's error catalogue (section 8) end to end: real Http adapters and use cases from the
// modules, the server answered by nock.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import * as E from 'fp-ts/Either'
import { Container, type ServiceIdentifier } from 'inversify'
import { applicationModule } from '../application/application.module'
import { httpAdaptersModule } from './adapters.module'
import { memoryAdaptersModule } from './memory-adapters.module'
import { SubmitLead, LoadUserForm, SubmitFormAnswers } from '../application/use-cases/forms.use-case'
import { GetAvailableDays, ListPractitioners } from '../application/use-cases/availability.use-case'
import { HoldAppointment, RescheduleAppointment } from '../application/use-cases/appointments.use-case'
import { AddCard } from '../application/use-cases/cards.use-case'
import { ForgotPassword, Login } from '../application/use-cases/auth.use-case'
import { ListLocations } from '../application/use-cases/catalogue.use-case'
import { ReadHeldTime } from '../application/use-cases/slot-holds.use-case'
import { HOLD_ENDED, SLOT_TAKEN } from '../contract/refusal-texts'

const HOST = 'http://clinic.test'
const id = (n: number) => n.toString(16).padStart(24, '0')
const container = new Container()
container.load(applicationModule, httpAdaptersModule({ baseUrl: `${HOST}/api`, adapter: 'http', timeoutMs: 500 }), memoryAdaptersModule())
const get = <T>(token: ServiceIdentifier<T>) => container.get<T>(token)
const message = (result: E.Either<{ message: string }, unknown>) => (E.isLeft(result) ? result.left.message : 'no error')

beforeAll(() => nock.disableNetConnect())
afterEach(() => {
  nock.cleanAll()
})

describe('error catalogue through the HTTP adapters', () => {
  it("request failure: server message, else 'Request failed with status {status}'", async () => {
    nock(HOST).get('/api/public-clinics').reply(400, { statusCode: 400, message: 'Unknown organisation' })
    nock(HOST).get('/api/public-clinics').reply(500)
    const list = get<ListLocations>(ListLocations)
    expect(message(await list.execute())).toBe('Unknown organisation')
    expect(message(await list.execute())).toBe('Request failed with status 500')
  })

  it("booking and reschedule: server message, else the error message, else 'An unexpected error occurred'", async () => {
    const body = { appointment: { event: { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' }, practitioner: id(4), clinic: id(1), service: id(3) } }
    nock(HOST).post('/api/appointments/public').reply(409, { statusCode: 409, message: 'This time is no longer available' })
    nock(HOST).post('/api/appointments/public').replyWithError('socket hang up')
    nock(HOST).put(`/api/appointments/reschedule/${id(10)}`).reply(200, { nonsense: true })
    const hold = get<HoldAppointment>(HoldAppointment)
    expect(message(await hold.execute(body))).toBe('This time is no longer available')
    // No answer at all: a plain sentence for the customer, the transport's words kept as the cause.
    expect(message(await hold.execute(body))).toBe('We could not reach the booking service. Please check your connection and try again.')
    expect(message(await get<RescheduleAppointment>(RescheduleAppointment).execute(id(10), body.appointment))).toBe('An unexpected error occurred')
  })

  it('a taken time and a lost hold reach the view models as their own cases, with the server\'s text (issue 27)', async () => {
    const body = { appointment: { event: { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' }, practitioner: id(4), clinic: id(1), service: id(3) } }
    nock(HOST).post('/api/appointments/public').reply(409, { statusCode: 409, message: SLOT_TAKEN })
    nock(HOST).post('/api/appointments/public').reply(409, { statusCode: 409, message: 'This appointment has just changed. Please reload it.' })
    nock(HOST).get(`/api/appointments/holds/${id(20)}`).query(true).reply(404, { statusCode: 404, message: HOLD_ENDED })
    const hold = get<HoldAppointment>(HoldAppointment)
    expect(await hold.execute(body)).toEqual(E.left({ _tag: 'SlotTaken', status: 409, message: 'Sorry, this time is no longer available. Please choose another time.' }))
    // another conflict stays a plain refusal with its text
    expect(await hold.execute(body)).toEqual(E.left({ _tag: 'Refused', status: 409, message: 'This appointment has just changed. Please reload it.' }))
    expect(await get<ReadHeldTime>(ReadHeldTime).execute({ id: id(20), token: 'secret-token-of-the-hold' })).toEqual(
      E.left({ _tag: 'HoldLost', status: 404, message: 'This time is no longer held for you. Please choose your time again.' }),
    )
  })

  it("available days and staff: server message or 'Something went wrong'", async () => {
    nock(HOST).post('/api/appointments/days-available-by-month').reply(500, {})
    nock(HOST).post('/api/practitioners/public').reply(404, { statusCode: 404, message: 'Service not found.' })
    const days = await get<GetAvailableDays>(GetAvailableDays).execute({ clinic: id(1), month: 3, year: 2026, items: [{ service: id(3) }] })
    expect(message(days)).toBe('Something went wrong')
    expect(message(await get<ListPractitioners>(ListPractitioners).execute({ clinic: id(1), service: id(3), month: 3 }))).toBe('Service not found.')
  })

  it('login refused: the server message', async () => {
    nock(HOST).post('/api/login').query({ from: 'customer' }).reply(403, { statusCode: 403, message: 'Please verify your email before logging in' })
    expect(message(await get<Login>(Login).execute({ email: 'a@b.co', password: 'x' }))).toBe('Please verify your email before logging in')
  })

  it('forgot password: neutral whatever the server says', async () => {
    nock(HOST).post('/api/user/forgot-password/a%40b.co').query(true).reply(500)
    const result = await get<ForgotPassword>(ForgotPassword).execute({ email: 'a@b.co' })
    expect(result).toEqual(E.right('If this email exists on our system, you will receive a password link - please also check your junk folder.'))
  })

  it('card provider not connected', async () => {
    nock(HOST).get('/api/square/is-connected').reply(200, { isConnected: false })
    expect(message(await get<AddCard>(AddCard).execute({ customerId: id(7), cardNonce: 'n' }))).toBe(
      'There was an issue connecting to our Credit card handler.',
    )
  })

  it("form load and save, lead creation", async () => {
    nock(HOST).get(`/api/forms/user-form/${id(40)}`).reply(404, { statusCode: 404, message: 'Form not found.' })
    nock(HOST).post(`/api/forms/user-form/update/${id(40)}/public`).reply(502)
    nock(HOST).post('/api/customers-lead').query({ from: 'customer' }).reply(400, { statusCode: 400, message: 'Email is required' })
    expect(message(await get<LoadUserForm>(LoadUserForm).execute(id(40)))).toBe('Form not found. Redirecting to home page')
    expect(message(await get<SubmitFormAnswers>(SubmitFormAnswers).execute(id(40), {}))).toBe('Something went wrong')
    expect(message(await get<SubmitLead>(SubmitLead).execute({ firstName: 'A', surname: 'B', email: 'c@d.co' }))).toBe(
      "Sorry, your lead couldn't be created.",
    )
  })
})
