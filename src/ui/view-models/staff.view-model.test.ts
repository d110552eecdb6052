import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, ben, clinicA, facial, flush, refused, world, type UseCaseFakes } from './booking.test-support'
import { nextLabel, StaffViewModel } from './staff.view-model'
import type { Practitioner } from '../../contract/practitioners.routes'

function staffWorld(next: UseCaseFakes['GetNextAvailable']) {
  const w = world({ ListPractitioners: async () => E.right([anna, ben] as Practitioner[]), GetNextAvailable: next })
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  return { ...w, vm: new StaffViewModel(w.useCases.ListPractitioners, w.booking, w.toasts, w.clock, w.useCases.GetNextAvailable) }
}

describe("StaffViewModel: 'Next available'", () => {
  it('formats the earliest start in London, en-GB', () => {
    expect(nextLabel('2026-12-02T10:15:00.000Z')).toBe('Next: Wed 2 Dec, 10:15')
    // Summer time: 09:30 UTC is 10:30 in London.
    expect(nextLabel('2026-06-02T09:30:00.000Z')).toBe('Next: Tue 2 Jun, 10:30')
  })

  it('asks once the list is shown, for the clinic and service, and labels each row and Any practitioner', async () => {
    const { vm, useCases } = staffWorld(async () =>
      E.right({ practitioners: [{ practitioner: anna.id, startDate: '2026-12-02T10:15:00.000Z' }], any: '2026-12-02T10:15:00.000Z' }),
    )
    await vm.load()
    await flush()
    expect(useCases.calls.GetNextAvailable).toEqual([[{ clinic: 'c1', services: ['s1'] }]])
    expect(vm.nextOf(anna.id)).toBe('Next: Wed 2 Dec, 10:15')
    expect(vm.nextOf('any')).toBe('Next: Wed 2 Dec, 10:15')
    // Nobody free within the horizon: the row says nothing.
    expect(vm.nextOf(ben.id)).toBeUndefined()
  })

  it('a failure only leaves the lines out: no toast, the list stays', async () => {
    const { vm, toasts } = staffWorld(async () => E.left(refused('Something went wrong')))
    await vm.load()
    await flush()
    expect(vm.practitioners).toEqual([anna, ben])
    expect(vm.nextOf(anna.id)).toBeUndefined()
    expect(vm.nextOf('any')).toBeUndefined()
    expect(toasts.toasts).toEqual([])
  })
})

describe('StaffViewModel: a practitioner named without a price (book again)', () => {
  it("takes the listed practitioner's price and length, so the summary shows theirs rather than the service's", async () => {
    const { vm, booking } = staffWorld(async () => E.right({ practitioners: [], any: null }))
    booking.view.basket[0]!.staff = { id: anna.id, displayName: anna.displayName }
    await vm.load()
    expect(booking.view.basket[0]?.staff).toEqual(anna)
    expect(booking.view.askAnotherService).toBe(false)
  })

  it('keeps a price the basket already has (a moved appointment keeps what it was booked at)', async () => {
    const { vm, booking } = staffWorld(async () => E.right({ practitioners: [], any: null }))
    booking.view.basket[0]!.staff = { id: anna.id, displayName: anna.displayName, grossPrice: 75, duration: 45 }
    await vm.load()
    expect(booking.view.basket[0]?.staff).toMatchObject({ grossPrice: 75, duration: 45 })
  })
})

describe('StaffViewModel: a list that answers after the customer moved on', () => {
  it('does not choose the only practitioner again: the time picked meanwhile stays (a tapped time did not stick)', async () => {
    let answer: (list: E.Either<never, Practitioner[]>) => void = () => undefined
    const w = world({ ListPractitioners: () => new Promise((resolve) => (answer = resolve)), GetNextAvailable: async () => E.right({ practitioners: [], any: null }) })
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    const vm = new StaffViewModel(w.useCases.ListPractitioners, w.booking, w.toasts, w.clock, w.useCases.GetNextAvailable)
    const loading = vm.load()
    // Meanwhile (an earlier list of this tab on screen): Anna chosen, no other service, a time tapped.
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(false)
    w.booking.chooseTime([{ startDate: '2026-03-12T10:00:00.000Z', endDate: '2026-03-12T11:00:00.000Z', practitioner: anna.id }])
    answer(E.right([anna] as Practitioner[]))
    await loading
    await flush()
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.startTime).toBe('2026-03-12T10:00:00.000Z')
    expect(w.booking.view.askAnotherService).toBe(false)
  })
})
