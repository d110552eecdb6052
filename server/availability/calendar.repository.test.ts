/** The compact bookings text of loadBusy read back (the route tests cover the query itself). */
import { describe, expect, it } from 'vitest'
import { parseBusy } from './calendar.repository'

const U = '\u001f'
const R = '\u001e'

describe('parseBusy', () => {
  it('reads kinds, instants, hold expiries and ids', () => {
    const text = [
      ['Appointment', 1767258000000, 1767260700000, '', 'a1'],
      ['hold', 1767261600000, 1767263400000, 1767250000123, 'h1'],
      ['Break', 1767265200000, 1767267000000, '', 'b1'],
      ['Block', 1767268800000, 1767270600000, '', 'b2'],
      ['Leave', 1767272400000, 1767358800000, '', 'l1'],
      ['Something new', 1, 2, '', 'x'],
    ]
      .map((fields) => fields.join(U))
      .join(R)
    expect(parseBusy(text)).toEqual([
      { start: 1767258000000, end: 1767260700000, kind: 'appointment', appointmentId: 'a1' },
      { start: 1767261600000, end: 1767263400000, kind: 'hold', appointmentId: 'h1', expiresAt: 1767250000123 },
      { start: 1767265200000, end: 1767267000000, kind: 'block', appointmentId: 'b1' },
      { start: 1767268800000, end: 1767270600000, kind: 'block', appointmentId: 'b2' },
      { start: 1767272400000, end: 1767358800000, kind: 'leave', appointmentId: 'l1' },
      { start: 1, end: 2, kind: 'appointment', appointmentId: 'x' },
    ])
  })

  it('reads a hold without expiry, a single booking and nothing', () => {
    expect(parseBusy(['hold', 10, 20, '', 'h'].join(U))).toEqual([{ start: 10, end: 20, kind: 'hold', appointmentId: 'h' }])
    expect(parseBusy('')).toEqual([])
  })
})
