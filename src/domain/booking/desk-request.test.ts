import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { deskRequest, type DeskDraft } from './desk-request'

const full: DeskDraft = {
  customerId: 'c1',
  locationId: 'l1',
  services: [{ serviceId: 's1', practitionerId: 'p1' }, { serviceId: 's2' }],
  start: '2026-12-01T10:00:00.000Z',
  payment: 'link',
}

describe('deskRequest', () => {
  it('builds the request: services in order, any practitioner left out', () => {
    expect(deskRequest(full)).toEqual(
      E.right({ customer: 'c1', location: 'l1', start: '2026-12-01T10:00:00.000Z', services: [{ service: 's1', practitioner: 'p1' }, { service: 's2' }], payment: 'link' }),
    )
  })

  it('carries the transaction id of a booking sent again and a resend of its pay link', () => {
    expect(deskRequest({ ...full, transactionId: 'desk-1', resendPayLink: true })).toMatchObject(E.right({ transactionId: 'desk-1', resendPayLink: true }))
    expect(deskRequest({ ...full, resendPayLink: false })).toEqual(deskRequest(full))
  })

  it.each([
    [{ customerId: undefined }, 'NoCustomer'],
    [{ locationId: undefined }, 'NoLocation'],
    [{ services: [] }, 'NoService'],
    [{ start: undefined }, 'NoTime'],
    [{ payment: undefined }, 'NoPayment'],
  ] as const)('refuses a draft without %o: %s', (change, tag) => {
    expect(deskRequest({ ...full, ...change })).toEqual(E.left({ _tag: tag }))
  })
})
