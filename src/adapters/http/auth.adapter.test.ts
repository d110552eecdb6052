import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpAccountApi, HttpAuthApi } from './auth.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const auth = new HttpAuthApi(testHttp())
const user = { id: id(7), email: 'a@b.co', firstName: 'Ann', surname: 'Lee' }

describe('HttpAuthApi', () => {
  it('POST /login?from=customer', async () => {
    api().post('/api/login', { email: 'a@b.co', password: 'Secret123' }).query({ from: 'customer' }).reply(200, { user, token: 'jwt' })
    expect(await auth.login('a@b.co', 'Secret123')).toEqual(E.right({ user, token: 'jwt' }))
  })

  it('shows the server message of a refused login', async () => {
    api().post('/api/login').query(true).reply(401, { statusCode: 401, message: 'Invalid email or password' })
    const result = await auth.login('a@b.co', 'x')
    expect(E.isLeft(result) && result.left._tag === 'HttpError' && result.left.message).toBe('Invalid email or password')
  })

  it('POST /user/customer/register', async () => {
    const body = {
      title: 'Ms', name: 'Ann', surname: 'Lee', dob: '1990-05-01T12:00:00.000Z', gender: 'female',
      email: 'a@b.co', mobile: '+447700900123', password: 'Secret123', referralSource: 'Website',
    }
    api().post('/api/user/customer/register', body).reply(200, { message: 'created' })
    expect(await auth.register(body)).toEqual(E.right({ message: 'created' }))
  })

  it('POST /user/forgot-password/{email}?existingUser=', async () => {
    api().post('/api/user/forgot-password/a%40b.co').query({ existingUser: 'true' }).reply(200, {})
    expect(await auth.forgotPassword('a@b.co', true)).toEqual(E.right({}))
  })

  it('PUT /user/change-password (reset by token returns newToken) and GET /user/me', async () => {
    api().put('/api/user/change-password', { token: 'reset', newPassword: 'Secret123' }).reply(200, { message: 'ok', newToken: 'new' })
    api().get('/api/user/me').reply(200, user)
    expect(await auth.changePassword({ token: 'reset', newPassword: 'Secret123' })).toEqual(E.right({ message: 'ok', newToken: 'new' }))
    expect(await auth.currentUser()).toEqual(E.right(user))
  })

  it('POST /logout', async () => {
    api().post('/api/logout').reply(200, { message: 'You have been logged out.' })
    expect(await auth.logout()).toEqual(E.right({ message: 'You have been logged out.' }))
  })
})

describe('HttpAccountApi', () => {
  it('PUT /customers/{id}', async () => {
    api().put(`/api/customers/${id(7)}`, { city: 'London' }).reply(200, { ...user, city: 'London' })
    expect(await new HttpAccountApi(testHttp()).updateCustomer(id(7), { city: 'London' })).toEqual(E.right({ ...user, city: 'London' }))
  })
})
