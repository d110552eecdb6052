import { describe, expect, it } from 'vitest'
import { bookingRequestKey, deskRequestKey, sameRequest } from './transaction-request'

const item = { serviceId: 's1', practitionerId: 'p1', start: new Date('2026-12-01T10:00:00.000Z'), courseId: null }

describe('transaction-request', () => {
  it.each([
    ['the same request', bookingRequestKey('c1', [{ ...item, start: new Date('2026-12-01T10:00:00Z') }]), true],
    ['the same instant in another offset', bookingRequestKey('c1', [{ ...item, start: new Date('2026-12-01T11:00:00+01:00') }]), true],
    ['another time', bookingRequestKey('c1', [{ ...item, start: new Date('2026-12-01T10:15:00Z') }]), false],
    ['another service', bookingRequestKey('c1', [{ ...item, serviceId: 's2' }]), false],
    ['another practitioner', bookingRequestKey('c1', [{ ...item, practitionerId: 'p2' }]), false],
    ['another clinic', bookingRequestKey('c2', [item]), false],
    ['from a course', bookingRequestKey('c1', [{ ...item, courseId: 'k1' }]), false],
    ['another service added', bookingRequestKey('c1', [item, { ...item, serviceId: 's2' }]), false],
  ])('%s: same as the first = %s', (_, key, same) => {
    expect(sameRequest(bookingRequestKey('c1', [item]), key)).toBe(same)
  })

  it('a row written before the key was kept answers any request', () => {
    expect(sameRequest(null, bookingRequestKey('c2', [item]))).toBe(true)
  })

  it.each([
    ['the same choices', deskRequestKey('l1', '2026-12-01T10:00:00Z', [{ service: 's1' }]), true],
    ['a practitioner named where any was', deskRequestKey('l1', '2026-12-01T10:00:00.000Z', [{ service: 's1', practitioner: 'p1' }]), false],
    ['another start', deskRequestKey('l1', '2026-12-01T10:30:00.000Z', [{ service: 's1' }]), false],
  ])('the desk, %s: same = %s', (_, key, same) => {
    expect(sameRequest(deskRequestKey('l1', '2026-12-01T10:00:00.000Z', [{ service: 's1' }]), key)).toBe(same)
  })
})
