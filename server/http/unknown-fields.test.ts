import * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import { findIntegrationCustomers, IntegrationBookingBody } from '../../src/contract/integrations.routes'
import { NoInput } from '../../src/contract/route'
import { decodeInput } from './request-input'
import { unknownFields } from './unknown-fields'

const id = '0123456789abcdef01234567'
const event = { start: '2026-12-01T10:00:00Z', end: '2026-12-01T10:00:00Z' }
const body = {
  customer: { email: 'a@example.com', firstName: 'A', surname: 'B' },
  appointment: { event, practitioner: id, clinic: id, service: id, linkedAppointments: [{ event, clinic: id, service: id, practitioner: id }] },
  coherentTransactionId: null,
}

describe('unknownFields: the fields a codec does not name, by path', () => {
  it.each([
    ['a request as the contract names it', body, []],
    ['a misspelt field', { ...body, appointment: { ...body.appointment, practitionerID: id } }, ['appointment.practitionerID']],
    ['one at the top and one in the customer', { ...body, coherentTransactionID: 'x', customer: { ...body.customer, phone: '1' } }, ['customer.phone', 'coherentTransactionID']],
    ['one in a linked appointment (a list)', { ...body, appointment: { ...body.appointment, linkedAppointments: [{ ...body.appointment.linkedAppointments[0], servce: id }] } }, ['appointment.linkedAppointments[0].servce']],
    ['one in the event (a plain object codec)', { ...body, appointment: { ...body.appointment, event: { ...event, timezone: 'UTC' } } }, ['appointment.event.timezone']],
    ['a value of the wrong shape (its decoding says so)', { ...body, appointment: 'x' }, []],
  ])('%s', (_, value, expected) => {
    expect(unknownFields(IntegrationBookingBody, value)).toEqual(expected)
  })

  it('leaves a record or an unknown value open', () => {
    expect(unknownFields(t.record(t.string, t.string), { anything: 'x' })).toEqual([])
    expect(unknownFields(t.unknown, { anything: 'x' })).toEqual([])
    expect(unknownFields(t.union([t.null, t.type({ a: t.string })]), { a: 'x', b: 'y' })).toEqual(['b'])
  })
})

describe('decodeInput with refuseUnknown (the routes an API key opens)', () => {
  it('refuses an unknown body field or query parameter with 400 naming it; without, drops it as before', () => {
    const route = { ...findIntegrationCustomers, body: IntegrationBookingBody }
    const sent = { params: {}, query: { q: 'x' }, body: { ...body, appointment: { ...body.appointment, practitionerID: id, colour: 'red' } } }
    expect(decodeInput(route, sent, true)).toEqual({ _tag: 'Left', left: 'Invalid body: unknown fields appointment.practitionerID, appointment.colour.' })
    expect(decodeInput(route, sent)._tag).toBe('Right')
    expect(decodeInput(route, { ...sent, query: { q: 'x', pagesize: '10' } }, true)).toEqual({ _tag: 'Left', left: 'Invalid query: unknown field pagesize.' })
    // Named before the required field it was meant as.
    const { practitioner: _, ...misspelt } = { ...body.appointment, practitionerID: id }
    expect(decodeInput(route, { ...sent, body: { ...body, appointment: misspelt } }, true)).toEqual({ _tag: 'Left', left: 'Invalid body: unknown field appointment.practitionerID.' })
    // A route that names no query takes none.
    expect(decodeInput({ ...route, query: NoInput, body: NoInput }, { params: {}, query: { expand: 'x' }, body: undefined }, true)).toEqual({ _tag: 'Left', left: 'Invalid query: unknown field expand.' })
  })
})
