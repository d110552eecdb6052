import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { WaitlistEntry } from '../../contract/waitlist.codecs'
import { ManualClock, refused } from './booking.test-support'
import { ToastViewModel } from './toast.view-model'
import { NO_WAITLIST, WAITLIST_AWAITING_DEPOSIT, WAITLIST_REMOVED, WaitlistTabViewModel, waitlistRow } from './waitlist-tab.view-model'

const entry = (id: string, more: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id,
  clinic: { id: 'c1', name: 'Harley Street' },
  services: [{ id: 's1', name: 'Facial' }, { id: 's2', name: 'Massage' }],
  practitioner: null,
  from: '2026-03-12',
  to: '2026-03-20',
  parts: ['evening', 'morning'],
  status: 'active',
  createdAt: '2026-03-10T09:00:00.000Z',
  ...more,
})

function setUp(entries: WaitlistEntry[], leave: (id: string) => Promise<E.Either<ReturnType<typeof refused>, true>> = async () => E.right(true)) {
  const toasts = new ToastViewModel(new ManualClock())
  const left: string[] = []
  const vm = new WaitlistTabViewModel({ execute: async () => E.right(entries) }, { execute: (id) => (left.push(id), leave(id)) }, toasts)
  return { vm, toasts, left }
}

describe('waitlistRow', () => {
  it('services in order, any practitioner, the range, the parts in the day order, waiting', () => {
    expect(waitlistRow(entry('e1'))).toEqual({
      id: 'e1',
      services: 'Facial, Massage',
      clinic: 'Harley Street',
      practitioner: 'Any practitioner',
      dates: '12/03/2026 to 20/03/2026',
      parts: 'Morning, Evening',
      status: 'Waiting',
    })
  })

  it('one day, a named practitioner, an open offer with its time and how long it is held (London time)', () => {
    const row = waitlistRow(entry('e2', {
      from: '2026-03-12',
      to: '2026-03-12',
      practitioner: { id: 'p1', name: 'Anna Smith' },
      status: 'offered',
      offer: { start: '2026-03-12T10:00:00.000Z', end: '2026-03-12T11:00:00.000Z', expiresAt: '2026-03-10T09:15:00.000Z' },
    }))
    expect(row).toMatchObject({ dates: '12/03/2026', practitioner: 'Anna Smith', status: 'Time offered: 12/03/2026 10:00, held until 09:15' })
  })

  it("an offer taken by a booking whose deposit is not paid yet: not 'Waiting' (booked once paid, waiting again if released)", () => {
    expect(waitlistRow(entry('e3', { status: 'offered' })).status).toBe(WAITLIST_AWAITING_DEPOSIT)
  })
})

describe('WaitlistTabViewModel', () => {
  it('is hidden from a customer who waits for nothing', async () => {
    const { vm } = setUp([])
    await vm.load()
    expect(vm.shown).toBe(false)
  })

  it('Remove asks first; confirmed, the entry goes and a toast says so; the section stays, empty', async () => {
    const { vm, toasts, left } = setUp([entry('e1')])
    await vm.load()
    expect(vm.shown).toBe(true)
    vm.askRemove(vm.rows[0])
    vm.cancelRemove()
    expect(left).toEqual([])
    vm.askRemove(vm.rows[0])
    await vm.confirmRemove()
    expect(left).toEqual(['e1'])
    expect(vm.rows).toEqual([])
    expect(vm.removing).toBeUndefined()
    expect(toasts.toasts.map((t) => t.text)).toEqual([WAITLIST_REMOVED])
    expect(vm.shown).toBe(true)
    expect(vm.isEmpty).toBe(true)
    expect(NO_WAITLIST).toBe('You are not on the waitlist for anything.')
  })

  it('a refused removal keeps the entry and shows the server text', async () => {
    const { vm, toasts } = setUp([entry('e1')], async () => E.left(refused('Not found')))
    await vm.load()
    vm.askRemove(vm.rows[0])
    await vm.confirmRemove()
    expect(vm.rows).toHaveLength(1)
    expect(toasts.toasts.map((t) => t.text)).toEqual(['Not found'])
  })
})
