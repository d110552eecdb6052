import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import {
  changePassword,
  decodeRequest,
  decodeResponse,
  describeErrors,
  encodeRequest,
  errorStatuses,
  fastifyPattern,
  getCustomerAppointments,
  getPublicOrganisation,
  login,
  pathFor,
  rescheduleAppointment,
  route,
  successStatus,
  successStatuses,
} from '../../src/contract'
import { ids, organisation } from './samples'

const about = { access: 'public', summary: 'A test route', description: 'Only for this test.' } as const

describe('pathFor and fastifyPattern', () => {
  it('substitutes and URI-encodes params', () => {
    expect(pathFor(getCustomerAppointments, { customerId: ids.customer })).toBe(`/appointments/customer/${ids.customer}`)
    expect(pathFor({ path: '/user/forgot-password/{email}' }, { email: 'a+b@x.test' })).toBe('/user/forgot-password/a%2Bb%40x.test')
    expect(pathFor({ path: '/a/{x}/b/{y}' }, { x: 1, y: 'z' })).toBe('/a/1/b/z')
  })

  it('throws on a missing param', () => {
    expect(() => pathFor(rescheduleAppointment, {})).toThrow(/Missing path parameter 'id'/)
  })

  it('gives Fastify patterns', () => {
    expect(fastifyPattern(rescheduleAppointment)).toBe('/appointments/reschedule/:id')
    expect(fastifyPattern({ path: '/forms/user-form/sign/{id}/public' })).toBe('/forms/user-form/sign/:id/public')
    expect(fastifyPattern(getPublicOrganisation)).toBe('/public/organisations')
  })
})

describe('decodeRequest (server side)', () => {
  it('decodes params, query and body, converting URL strings', () => {
    const result = decodeRequest(getCustomerAppointments, {
      params: { customerId: ids.customer },
      query: { pageSize: '100', group: 'ALL' },
      body: undefined,
    })
    expect(result).toEqual(E.right({ params: { customerId: ids.customer }, query: { pageSize: 100, group: 'ALL' }, body: undefined }))
  })

  it('answers a readable message for bad params, query or body', () => {
    const badParams = decodeRequest(rescheduleAppointment, { params: { id: 'nope' }, query: {}, body: {} })
    expect(E.isLeft(badParams) && badParams.left).toMatch(/^Invalid path parameters: .*nope/)
    const badQuery = decodeRequest(login, { params: {}, query: { from: 'staff' }, body: { email: 'a@b.c', password: 'x' } })
    expect(E.isLeft(badQuery) && badQuery.left).toMatch(/^Invalid query/)
    const badBody = decodeRequest(login, { params: {}, query: { from: 'customer' }, body: { email: 'a@b.c' } })
    expect(E.isLeft(badBody) && badBody.left).toMatch(/^Invalid body/)
  })

  it('strips unknown body fields and accepts either change-password shape', () => {
    const reset = decodeRequest(changePassword, { params: {}, query: {}, body: { token: 'tok', newPassword: 'Secret123', role: 'admin' } })
    expect(reset).toEqual(E.right({ params: {}, query: {}, body: { token: 'tok', newPassword: 'Secret123' } }))
    const loggedIn = decodeRequest(changePassword, {
      params: {},
      query: {},
      body: { newPassword: 'Secret123', currentPassword: 'Old12345', userId: ids.customer },
    })
    expect(E.isRight(loggedIn)).toBe(true)
    const neither = decodeRequest(changePassword, { params: {}, query: {}, body: { newPassword: 'Secret123' } })
    expect(E.isLeft(neither)).toBe(true)
  })

  it('a route without inputs accepts missing params, query and body', () => {
    expect(E.isRight(decodeRequest(getPublicOrganisation, { params: undefined, query: undefined, body: undefined }))).toBe(true)
  })
})

describe('decodeResponse (client side)', () => {
  it('decodes a success body with the status codec', () => {
    expect(decodeResponse(getPublicOrganisation, 200, organisation)).toEqual(E.right(organisation))
  })

  it('decodes an error body', () => {
    expect(decodeResponse(login, 401, { statusCode: 401, message: 'Wrong email or password' })).toEqual(
      E.right({ statusCode: 401, message: 'Wrong email or password' }),
    )
  })

  it('reports an unexpected status and an invalid body', () => {
    expect(decodeResponse(getPublicOrganisation, 500 as 200, {})).toEqual(E.left({ _tag: 'UnexpectedStatus', status: 500 }))
    const invalid = decodeResponse(getPublicOrganisation, 200, { ...organisation, currency: 'JPY' })
    expect(E.isLeft(invalid) && invalid.left._tag).toBe('InvalidBody')
  })

  it('describeErrors names the failing field', () => {
    const r = t.type({ email: t.string }).decode({ email: 3 })
    expect(E.isLeft(r) && describeErrors(r.left, 'body')).toMatch(/^Invalid body: value 3 supplied to .*email/)
  })

  it('route() defaults unused inputs to permissive codecs', () => {
    const r = route({ method: 'GET', path: '/x', ...about, responses: { 200: t.string } })
    expect(E.isRight(r.params.decode(undefined))).toBe(true)
    expect(E.isRight(r.query.decode({ anything: '1' }))).toBe(true)
  })
})

describe('status helpers and encodeRequest', () => {
  it('lists success and error statuses', () => {
    expect(successStatuses(login)).toEqual([200])
    expect(successStatus(login)).toBe(200)
    expect(errorStatuses(login)).toEqual([400, 401, 403, 429])
    expect(successStatus(route({ method: 'POST', path: '/y', ...about, responses: { 201: t.string, 400: t.string } }))).toBe(201)
  })

  it('builds the URL with params and the encoded query, and encodes the body', () => {
    expect(
      encodeRequest(getCustomerAppointments, { params: { customerId: ids.customer }, query: { pageSize: 100, group: 'ALL' } }),
    ).toEqual({
      method: 'GET',
      url: `/appointments/customer/${ids.customer}?pageSize=100&group=ALL`,
      query: { pageSize: '100', group: 'ALL' },
      body: undefined,
    })
    const call = encodeRequest(login, { query: { from: 'customer' }, body: { email: 'a@b.c', password: 'pw' } })
    expect(call.url).toBe('/login?from=customer')
    expect(call.body).toEqual({ email: 'a@b.c', password: 'pw' })
    expect(encodeRequest(getPublicOrganisation, {}).url).toBe('/public/organisations')
  })
})
