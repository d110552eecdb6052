import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { TimeViewModel } from './time.view-model'
import { anna, chainsOf, clinicA, facial, heldTime, refused, slotHoldOf, world, type UseCaseFakes } from './booking.test-support'
import type { ChainSlot } from './views'

const chain = (h: string): ChainSlot[] => [{ startDate: `2026-03-12T${h}:00:00.000Z`, endDate: `2026-03-12T${h}:59:00.000Z`, practitioner: 'p1', valid: true }]

/**
 * A server of two times, 09:00 and 10:00: a held time is taken for anyone without its hold's key, and
 * a release lands only when the test lets it (`land()`), as a slow request would.
 */
function serverOfTwoTimes(): { fakes: Partial<UseCaseFakes>; land: () => void; releases: () => number } {
  const held = new Set<string>()
  const pending: (() => void)[] = []
  let released = 0
  const fakes: Partial<UseCaseFakes> = {
    GetAvailableDays: async () => E.right(['2026-03-12']),
    GetTimeSlots: async (query) => E.right(chainsOf([chain('09'), chain('10')].filter((c) => query.hold || !held.has(c[0]!.startDate)))),
    HoldTime: async (body) => {
      held.add(body.appointment.event.start)
      return E.right(heldTime(body.appointment.event.start, body.appointment.event.end))
    },
    ReleaseHeldTime: () =>
      new Promise((resolve) =>
        pending.push(() => {
          held.clear()
          released += 1
          resolve(E.right('released'))
        }),
      ),
  }
  return { fakes, land: () => pending.splice(0).forEach((f) => f()), releases: () => released }
}

function timeWorld(overrides: Partial<UseCaseFakes>) {
  const w = world(overrides)
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  return { ...w, vm: new TimeViewModel(w.useCases.GetAvailableDays, w.useCases.GetTimeSlots, w.booking, w.toasts, w.clock, slotHoldOf(w)) }
}

const labels = (vm: TimeViewModel) => vm.groups.flatMap((g) => g.slots.map((s) => s.label))

describe('TimeViewModel: back from confirm', () => {
  it('asks for the times once the released hold has landed: the time just given up is offered again', async () => {
    const server = serverOfTwoTimes()
    const { vm, booking, useCases } = timeWorld(server.fakes)
    await vm.loadMonth()
    await vm.pickDate('2026-03-12')
    await vm.choose(vm.groups[0]!.slots[0]!.chain)
    expect(booking.view.held.key).toBeDefined()
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })

    // 'Back': the hold is released (its request on the way) and the hour list shows again, loading afresh.
    booking.back()
    expect(booking.view.timeStep).toBe('hours')
    const refreshing = vm.refreshSlots()
    await Promise.resolve()
    server.land()
    await refreshing

    expect(server.releases()).toBe(1)
    expect(useCases.calls.GetTimeSlots![1]![0]).not.toHaveProperty('hold')
    expect(labels(vm)).toEqual(['09:00', '10:00'])
  })

  it('does not wait for a release that never answers longer than a few seconds', async () => {
    const { vm, booking, clock } = timeWorld({ ...serverOfTwoTimes().fakes })
    await vm.loadMonth()
    await vm.pickDate('2026-03-12')
    await vm.choose(vm.groups[0]!.slots[0]!.chain)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
    booking.back()
    const refreshing = vm.refreshSlots()
    clock.advance(5_000)
    await refreshing
    // The hold runs out on the server by itself; meanwhile the other time is offered.
    expect(labels(vm)).toEqual(['10:00'])
    expect(vm.loadingSlots).toBe(false)
  })
})

describe('TimeViewModel: months asked for one after another', () => {
  it("shows the month the calendar moved to, though the month before answers last (no 'No availability', no other month's days)", async () => {
    const answers: Record<string, (days: string[]) => void> = {}
    const { vm } = timeWorld({
      GetAvailableDays: (query) => new Promise((resolve) => (answers[`${query.year}-${String(query.month).padStart(2, '0')}`] = (days) => resolve(E.right(days)))),
    })
    // The clock's month (March 2026) is asked for first; the arrow keys carry the focus into April before it answers.
    const march = vm.loadMonth()
    await Promise.resolve()
    vm.focusDate('2026-04-01')
    await Promise.resolve()
    answers['2026-04']!(['2026-04-02'])
    answers['2026-03']!([])
    await march
    await new Promise((resolve) => setTimeout(resolve, 0))

    expect(vm.month).toBe('2026-04')
    expect(vm.availableDays).toEqual(['2026-04-02'])
    expect(vm.isAvailable('2026-04-02')).toBe(true)
    expect(vm.noAvailability).toBe(false)
    expect(vm.loadingDays).toBe(false)
  })

  it("a reloaded hold in another month than today's: the calendar is that month, no 'No availability' over its hours (issue 27)", async () => {
    const { vm, booking, useCases } = timeWorld({
      GetAvailableDays: async (query) => E.right(query.month === 3 ? [] : ['2026-04-02']),
    })
    // What a reload of the time step restores from the hold: the day and its hours.
    booking.pickDate('2026-04-02')
    await vm.loadMonth()
    expect(useCases.calls.GetAvailableDays!.map(([q]) => (q as { month: number }).month)).toEqual([4])
    expect(vm.month).toBe('2026-04')
    expect(vm.noAvailability).toBe(false)
  })

  it("shows the times of the day tapped last, though the day tapped before answers last (a tapped time sticks)", async () => {
    const answers: Record<string, (chains: ChainSlot[][]) => void> = {}
    const { vm, booking } = timeWorld({
      GetAvailableDays: async () => E.right(['2026-03-12', '2026-03-13']),
      GetTimeSlots: (query) => new Promise((resolve) => (answers[query.date] = (chains) => resolve(E.right(chainsOf(chains))))),
    })
    await vm.loadMonth()
    const first = vm.pickDate('2026-03-12')
    await Promise.resolve()
    const second = vm.pickDate('2026-03-13')
    await Promise.resolve()
    const thirteenth: ChainSlot[] = [{ startDate: '2026-03-13T11:00:00.000Z', endDate: '2026-03-13T11:59:00.000Z', practitioner: 'p1', valid: true }]
    answers['2026-03-13']!([thirteenth])
    await second
    answers['2026-03-12']!([chain('09'), chain('10')])
    await first

    expect(booking.view.date).toBe('2026-03-13')
    expect(labels(vm)).toEqual(['11:00'])
    expect(vm.loadingSlots).toBe(false)
  })

  it('a second booking in the same tab never offers the days of the booking before while its own are loading', async () => {
    let answer: (days: string[]) => void = () => {}
    const { vm, booking } = timeWorld({
      // The first basket's days at once; the next basket's (another practitioner) when the test lets them land.
      GetAvailableDays: (query) =>
        query.items[0]?.practitioner === 'p2' ? new Promise((resolve) => (answer = (days) => resolve(E.right(days)))) : Promise.resolve(E.right(['2026-03-12'])),
    })
    await vm.loadMonth()
    expect(vm.isAvailable('2026-03-12')).toBe(true)
    booking.view.basket[0]!.staff = { id: 'p2', displayName: 'Ben' }
    const loading = vm.loadMonth()
    expect(vm.isAvailable('2026-03-12')).toBe(false)
    answer(['2026-03-13'])
    await loading
    expect(vm.availableDays).toEqual(['2026-03-13'])
  })

  it("says 'No availability' once per month: moving back into that month (arrow keys across its end) does not open the dialog again", async () => {
    const { vm } = timeWorld({
      GetAvailableDays: async (query) => E.right(query.month === 3 ? [] : ['2026-04-02']),
    })
    // March named (the customer moved back into it): it opens as named, and says so.
    await vm.loadMonth('2026-03')
    expect(vm.noAvailability).toBe(true)
    vm.dismissNoAvailability()
    vm.focusDate('2026-04-01')
    await vm.loadMonth('2026-04')
    expect(vm.noAvailability).toBe(false)
    await vm.loadMonth('2026-03')
    expect(vm.availableDays).toEqual([])
    expect(vm.noAvailability).toBe(false)
    // The step opened again: the month says so again.
    vm.stepEntered()
    await vm.loadMonth('2026-03')
    expect(vm.noAvailability).toBe(true)
  })
})

describe('TimeViewModel: the month the calendar opens on (near a month\'s end)', () => {
  /** The days-available answers by month number; a month not listed has none. */
  const daysBy = (byMonth: Record<number, string[]>): Partial<UseCaseFakes> => ({ GetAvailableDays: async (query) => E.right(byMonth[query.month] ?? []) })
  const endOfMarch = Date.parse('2026-03-31T16:00:00Z')

  it('opens on the next month with a free day when this month has none left, without the dialog', async () => {
    const w = timeWorld(daysBy({ 3: ['2026-03-30'], 4: ['2026-04-01', '2026-04-02'] }))
    w.clock.set(new Date(endOfMarch))
    await w.vm.loadMonth()
    expect(w.useCases.calls.GetAvailableDays!.map((c) => (c[0] as { month: number }).month)).toEqual([3, 4])
    expect(w.vm.month).toBe('2026-04')
    expect(w.vm.focusedDate).toBe('2026-04-01')
    expect(w.vm.isAvailable('2026-04-01')).toBe(true)
    expect(w.vm.noAvailability).toBe(false)
    expect(w.vm.loadingDays).toBe(false)
    // Back into March by the month button: that month says it has nothing, word for word.
    await w.vm.previousMonth()
    expect(w.vm.month).toBe('2026-03')
    expect(w.vm.noAvailability).toBe(true)
  })

  it('looks a bounded number of months ahead: none in any, the current month opens with the dialog', async () => {
    const w = timeWorld(daysBy({ 7: ['2026-07-01'] }))
    w.clock.set(new Date(endOfMarch))
    await w.vm.loadMonth()
    expect(w.useCases.calls.GetAvailableDays!.map((c) => (c[0] as { month: number }).month)).toEqual([3, 4, 5])
    expect(w.vm.month).toBe('2026-03')
    expect(w.vm.noAvailability).toBe(true)
  })

  it('a chosen date (a reload, a URL with its date) opens its own month, and says so when it has none', async () => {
    const w = timeWorld(daysBy({ 4: ['2026-04-01'] }))
    w.clock.set(new Date(endOfMarch))
    w.booking.pickDate('2026-03-31')
    await w.vm.loadMonth()
    expect(w.useCases.calls.GetAvailableDays!.map((c) => (c[0] as { month: number }).month)).toEqual([3])
    expect(w.vm.month).toBe('2026-03')
    expect(w.vm.noAvailability).toBe(true)
  })

  it('a month the customer moved to opens again as it is (the step shown again)', async () => {
    const w = timeWorld(daysBy({ 4: ['2026-04-01'], 6: ['2026-06-01'] }))
    w.clock.set(new Date(endOfMarch))
    await w.vm.loadMonth()
    await w.vm.nextMonth()
    expect(w.vm.month).toBe('2026-05')
    w.vm.stepEntered()
    await w.vm.loadMonth()
    expect(w.vm.month).toBe('2026-05')
    expect(w.vm.noAvailability).toBe(true)
  })

  it('a month moved to while the look ahead is on its way wins', async () => {
    const w = timeWorld(daysBy({ 4: ['2026-04-01'], 5: ['2026-05-04'] }))
    w.clock.set(new Date(endOfMarch))
    const opening = w.vm.loadMonth()
    const moved = w.vm.loadMonth('2026-05')
    await Promise.all([opening, moved])
    expect(w.vm.month).toBe('2026-05')
    expect(w.vm.availableDays).toEqual(['2026-05-04'])
  })

  it('a failed look ahead shows the failure with its retry, not the dialog', async () => {
    const w = timeWorld({ GetAvailableDays: async (query) => (query.month === 3 ? E.right([]) : E.left(refused(''))) })
    w.clock.set(new Date(endOfMarch))
    await w.vm.loadMonth()
    expect(w.vm.daysFailed).toBe('Something went wrong')
    expect(w.vm.noAvailability).toBe(false)
  })
})
