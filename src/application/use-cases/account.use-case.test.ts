import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { fake, httpFail, id, ok, unreachable } from './fakes.test-support'
import type { AuthApi } from '../ports/auth.port'
import type { AccountApi } from '../ports/account.port'
import type { AppointmentsApi } from '../ports/appointments.port'
import type { CoursesApi } from '../ports/courses.port'
import type { AppointmentView } from '../../contract/appointments.codecs'
import { ChangePassword, ForgotPassword, GetCurrentUser, Login, Logout, Register, ResetPassword, UpdatePersonalDetails } from './auth.use-case'
import { ListMyAppointments, CancelAppointment } from './appointments.use-case'
import { ListMyCourses, VerifyCourseAssignment } from './courses.use-case'
import { InMemoryBookingStore, InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import { MemoryLogger } from '../../adapters/logging/console-logger.adapter'

const user = { id: id(7), email: 'a@b.co', firstName: 'Ann', surname: 'Lee' }

describe('Login and Logout', () => {
  it('stores the token of a successful login, with the email lowercased and trimmed', async () => {
    const auth = fake<AuthApi>().on('login', [ok({ user, token: 'jwt' })])
    const tokens = new InMemoryTokenStore()
    expect(await new Login(auth.port, tokens).execute({ email: ' A@B.CO ', password: 'pw' })).toEqual(E.right(user))
    expect(auth.calls[0].args).toEqual(['a@b.co', 'pw'])
    expect(tokens.get()).toBe('jwt')
  })

  it("shows the server's message when login is refused and stores nothing", async () => {
    const auth = fake<AuthApi>().on('login', [httpFail(401, 'Invalid email or password')])
    const tokens = new InMemoryTokenStore()
    expect(await new Login(auth.port, tokens).execute({ email: 'a@b.co', password: 'x' })).toEqual(
      E.left({ _tag: 'Refused', status: 401, message: 'Invalid email or password' }),
    )
    expect(tokens.get()).toBeNull()
  })

  it('logout ends the session on the server, then clears the token and the booking info, keeping currency and cookie acceptance', async () => {
    const tokens = new InMemoryTokenStore('jwt')
    const payingPurchase = { kind: 'course' as const, clinic: id(1), courses: ['k1'], payment: { paymentUrl: '/pay/t1', transactionId: 't1', invoiceId: 'i1' } }
    const store = new InMemoryBookingStore({ lastClinicId: id(1), currentClinic: { id: id(1), accountName: 'Soho', address: { line1: '1 Soho Sq', city: 'London' } }, currency: 'EUR', cookiesAccepted: true, payingPurchase })
    const auth = fake<AuthApi>().on('logout', () => {
      // the server call goes out while the token is still there to send
      expect(tokens.get()).toBe('jwt')
      return ok({})
    })
    await new Logout(auth.port, tokens, store).execute()
    expect(auth.calls.map((c) => c.method)).toEqual(['logout'])
    expect(tokens.get()).toBeNull()
    expect(store.get('lastClinicId')).toBeUndefined()
    expect(store.get('currentClinic')).toBeUndefined()
    // The next customer on the same device does not start on this customer's purchase.
    expect(store.get('payingPurchase')).toBeUndefined()
    expect(store.get('currency')).toBe('EUR')
    expect(store.get('cookiesAccepted')).toBe(true)
  })

  it('logout signs out locally whatever the server answers, and calls it only with a token', async () => {
    const tokens = new InMemoryTokenStore('jwt')
    const failing = fake<AuthApi>().on('logout', [httpFail(401)])
    await new Logout(failing.port, tokens, new InMemoryBookingStore({})).execute()
    expect(tokens.get()).toBeNull()
    const none = fake<AuthApi>()
    await new Logout(none.port, tokens, new InMemoryBookingStore({})).execute()
    expect(none.calls).toEqual([])
  })
})

describe('Register, ForgotPassword, ResetPassword, ChangePassword', () => {
  const body = {
    title: 'Ms', name: ' Ann ', surname: 'Lee ', dob: '1990-05-01T12:00:00.000Z', gender: 'female',
    email: 'Ann@X.co', mobile: '+447700900123', password: 'Secret123',
  }
  it('register answers the spec text, or the 400 message', async () => {
    const auth = fake<AuthApi>().on('register', [ok({ message: 'x' }), httpFail(400, 'Email already registered')])
    const register = new Register(auth.port)
    expect(await register.execute(body)).toEqual(
      E.right('Your account has been created. Please check your inbox (and junk mail) to verify your email before logging in.'),
    )
    expect(auth.calls[0].args[0]).toEqual({ ...body, name: 'Ann', surname: 'Lee', email: 'ann@x.co' })
    expect(await register.execute(body)).toEqual(E.left({ _tag: 'Refused', status: 400, message: 'Email already registered' }))
  })

  it('forgot password is neutral whatever happens, except a 400 message', async () => {
    const auth = fake<AuthApi>().on('forgotPassword', [ok({}), unreachable(), httpFail(400, 'Invalid email'), httpFail(404, 'No such user')])
    const log = new MemoryLogger()
    const forgot = new ForgotPassword(auth.port, log)
    const neutral = 'If this email exists on our system, you will receive a password link - please also check your junk folder.'
    expect(await forgot.execute({ email: 'A@b.co ' })).toEqual(E.right(neutral))
    expect(auth.calls[0].args).toEqual(['a@b.co', false])
    expect(await forgot.execute({ email: 'a@b.co', existingUser: true })).toEqual(
      E.right(`${neutral} If the link doesn't work, copy and paste it into your browser.`),
    )
    expect(await forgot.execute({ email: 'x' })).toEqual(E.left({ _tag: 'Refused', status: 400, message: 'Invalid email' }))
    expect(await forgot.execute({ email: 'a@b.co' })).toEqual(E.right(neutral))
    expect(log.entries).toHaveLength(2)
  })

  it('reset password stores the new token and clears the booking info', async () => {
    const auth = fake<AuthApi>().on('changePassword', [ok({ message: 'Password changed', newToken: 'fresh' })])
    const tokens = new InMemoryTokenStore()
    const store = new InMemoryBookingStore({ lastClinicId: id(1) })
    expect(await new ResetPassword(auth.port, tokens, store).execute({ token: 'reset', newPassword: 'Secret123' })).toEqual(E.right('Password changed'))
    expect(auth.calls[0].args[0]).toEqual({ token: 'reset', newPassword: 'Secret123' })
    expect(tokens.get()).toBe('fresh')
    expect(store.get('lastClinicId')).toBeUndefined()
  })

  it('change password answers the 200 message, or the 401 message', async () => {
    const auth = fake<AuthApi>().on('changePassword', [ok({ message: 'Password updated' }), httpFail(401, 'Current password is wrong')])
    const tokens = new InMemoryTokenStore('jwt')
    const change = new ChangePassword(auth.port, tokens)
    const input = { userId: id(7), currentPassword: 'Old12345', newPassword: 'New12345' }
    expect(await change.execute(input)).toEqual(E.right('Password updated'))
    expect(auth.calls[0].args[0]).toEqual(input)
    expect(await change.execute(input)).toEqual(E.left({ _tag: 'Refused', status: 401, message: 'Current password is wrong' }))
    expect(tokens.get()).toBe('jwt')
  })

  it('change password stores the new token the server returns (the old one no longer works)', async () => {
    const auth = fake<AuthApi>().on('changePassword', [
      ok({ message: 'Your password has been changed.', statusCode: 200, newToken: 'fresh' }),
      httpFail(401, 'The current password is incorrect.'),
    ])
    const tokens = new InMemoryTokenStore('old')
    const change = new ChangePassword(auth.port, tokens)
    const input = { userId: id(7), currentPassword: 'Old12345', newPassword: 'New12345' }
    expect(await change.execute(input)).toEqual(E.right('Your password has been changed.'))
    expect(tokens.get()).toBe('fresh')
    expect(E.isLeft(await change.execute(input))).toBe(true)
    expect(tokens.get()).toBe('fresh')
  })
})

describe('GetCurrentUser and UpdatePersonalDetails', () => {
  it('needs a token, and drops a token the server refuses', async () => {
    const auth = fake<AuthApi>().on('currentUser', [ok(user), httpFail(401, 'Unauthorized')])
    const tokens = new InMemoryTokenStore()
    const get = new GetCurrentUser(auth.port, tokens)
    expect(E.isLeft(await get.execute()) && auth.calls.length).toBe(0)
    tokens.set('jwt')
    expect(await get.execute()).toEqual(E.right(user))
    expect(E.isLeft(await get.execute())).toBe(true)
    expect(tokens.get()).toBeNull()
  })

  it("saves personal details with 'Data saved successfully'", async () => {
    const account = fake<AccountApi>().on('updateCustomer', [ok({ ...user, city: 'London' })])
    const result = await new UpdatePersonalDetails(account.port).execute(id(7), { firstName: ' Ann ', city: 'London' })
    expect(result).toEqual(E.right({ customer: { ...user, city: 'London' }, message: 'Data saved successfully' }))
    expect(account.calls[0].args).toEqual([id(7), { firstName: 'Ann', city: 'London' }])
  })
})

describe('ListMyAppointments and CancelAppointment', () => {
  const view = (n: number, status: AppointmentView['status']): AppointmentView => ({
    id: id(n), status, event: { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' },
    service: { id: id(3), name: 'Facial' }, practitioner: { id: id(4), displayName: 'Ann' }, clinic: { id: id(1), accountName: 'Soho' },
  })
  it('asks for 100 of ALL and hides pending and cancelled ones', async () => {
    const api = fake<AppointmentsApi>().on('ofCustomer', [ok({ appointments: [view(1, 'Scheduled'), view(2, 'Pending'), view(3, 'Cancelled'), view(4, 'Deleted')] })])
    const result = await new ListMyAppointments(api.port).execute(id(7))
    expect(E.isRight(result) && result.right.map((a) => a.status)).toEqual(['Scheduled', 'Deleted'])
    expect(api.calls[0].args).toEqual([id(7), { pageSize: 100, group: 'ALL' }])
  })

  it("cancels, with the server's message on refusal", async () => {
    const api = fake<AppointmentsApi>().on('cancel', [ok(view(1, 'Cancelled')), httpFail(409, 'This appointment can no longer be cancelled online')])
    const cancel = new CancelAppointment(api.port)
    expect(await cancel.execute(id(1))).toEqual(E.right(view(1, 'Cancelled')))
    expect(await cancel.execute(id(1))).toEqual(E.left({ _tag: 'Refused', status: 409, message: 'This appointment can no longer be cancelled online' }))
  })
})

describe('ListMyCourses and VerifyCourseAssignment', () => {
  const course = (n: number, soldAt: string) => ({
    id: id(n), name: 'Peels', course: { id: id(31), name: 'Peels' }, service: { id: id(3), name: 'Peel' }, quantity: 6, redeemed: 0, reserved: 0, soldAt,
  })
  it('lists newest first, and an empty list on failure', async () => {
    const api = fake<CoursesApi>().on('customerCourses', [ok([course(1, '2026-01-01T00:00:00.000Z'), course(2, '2026-02-01T00:00:00.000Z')]), httpFail(500)])
    const log = new MemoryLogger()
    const list = new ListMyCourses(api.port, log)
    const first = await list.execute(id(7))
    expect(E.isRight(first) && first.right.map((c) => c.id)).toEqual([id(2), id(1)])
    expect(api.calls[0].args[0]).toEqual({ customerId: id(7), clinic: 'all', excludeExpired: false })
    expect(await list.execute(id(7))).toEqual(E.right([]))
    expect(log.entries).toHaveLength(1)
  })

  it('verifies an assignment silently', async () => {
    const api = fake<CoursesApi>().on('verifyAssignment', [ok({ assigned: true }), httpFail(500)])
    const verify = new VerifyCourseAssignment(api.port, new MemoryLogger())
    expect(await verify.execute(id(20))).toEqual(E.right(true))
    expect(await verify.execute(id(20))).toEqual(E.right(false))
  })
})
