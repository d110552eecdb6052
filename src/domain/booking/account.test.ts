import { describe, expect, it } from 'vitest'
import { type AccountAppointment, accountRowAction, canRebookOnline, rebookAction, type RebookService, visibleAccountAppointments } from './account'

describe('visibleAccountAppointments', () => {
  it('hides pending and filters out cancelled', () => {
    const list = ['Scheduled', 'pending', 'Cancelled', 'deleted', 'incomplete', 'Pending', 'Completed'].map((status, i) => ({ id: i, status }))
    expect(visibleAccountAppointments(list).map((a) => a.status)).toEqual(['Scheduled', 'deleted', 'incomplete', 'Completed'])
  })
})

describe('rebook', () => {
  it.each([
    [{ locations: [{ clinic: 'c1', showOnline: true }] }, true],
    [{ locations: [{ clinic: { id: 'c1' } }] }, true],
    [{ locations: [{ clinic: { _id: 'c1' }, showOnline: true }] }, true],
    [{ locations: [{ clinic: 'c1', showOnline: false }] }, false],
    [{ locations: [{ clinic: 'c2', showOnline: true }] }, false],
    [{ locations: [] }, false],
    [{}, false],
    [{ showOnline: false, locations: [{ clinic: 'c1', showOnline: true }] }, false],
    [{ locations: [{ clinic: null }] }, false],
  ] as [RebookService, boolean][])('%o at c1 -> %s', (service, ok) => {
    expect(canRebookOnline(service, 'c1')).toBe(ok)
    expect(rebookAction(service, 'c1').label).toBe(ok ? 'Book again' : 'Cannot be rebooked online')
  })
})

describe('accountRowAction', () => {
  const now = new Date('2026-05-01T10:00:00Z')
  const base: AccountAppointment = {
    start: new Date('2026-05-10T10:00:00Z'),
    status: 'Scheduled',
    clinic: { id: 'c1' },
    service: { locations: [{ clinic: 'c1', showOnline: true }] },
  }
  it('future scheduled: Options menu', () => {
    const action = accountRowAction(base, now, {})
    expect(action.kind === 'options' && action.view.kind).toBe('menu')
  })
  it('within late period with allow: disabled Options', () => {
    const action = accountRowAction({ ...base, start: new Date('2026-05-01T12:00:00Z') }, now, {})
    expect(action.kind === 'options' && action.view.kind).toBe('disabled')
  })
  it('past: Book again', () => {
    expect(accountRowAction({ ...base, start: new Date('2026-04-01T10:00:00Z') }, now, {})).toEqual({ kind: 'bookAgain', label: 'Book again' })
  })
  it('past, not online at that clinic: Cannot be rebooked online', () => {
    expect(accountRowAction({ ...base, start: new Date('2026-04-01T10:00:00Z'), clinic: { id: 'c9' } }, now, {})).toEqual({
      kind: 'cannotRebook',
      label: 'Cannot be rebooked online',
    })
  })
})
