import { describe, expect, it } from 'vitest'
import { autorun } from 'mobx'
import { LazyBooking } from './lazy-booking.view-model'
import { world } from './booking.test-support'
import type { BookingViewModel } from './booking.view-model'

describe('LazyBooking (the wizard for the location list, loaded with the first tap)', () => {
  it('loads the wizard once, and the list reads it from then on', async () => {
    const w = world()
    let loads = 0
    const lazy = new LazyBooking(async () => {
      loads += 1
      return w.booking
    })
    const seen: (BookingViewModel | undefined)[] = []
    autorun(() => seen.push(lazy.current))
    expect(lazy.current).toBeUndefined()
    const [a, b] = await Promise.all([lazy.load(), lazy.load()])
    expect(a).toBe(w.booking)
    expect(b).toBe(w.booking)
    expect(await lazy.load()).toBe(w.booking)
    expect(loads).toBe(1)
    expect(seen).toEqual([undefined, w.booking])
  })

  it('a failed load is tried again on the next call', async () => {
    const w = world()
    let fail = true
    const lazy = new LazyBooking(async () => {
      if (fail) throw new Error('chunk failed')
      return w.booking
    })
    await expect(lazy.load()).rejects.toThrow('chunk failed')
    fail = false
    expect(await lazy.load()).toBe(w.booking)
  })

  it('a wizard made elsewhere (a step page) is the current one', () => {
    const w = world()
    const lazy = new LazyBooking(() => Promise.reject(new Error('not loaded here')))
    lazy.made(w.booking)
    expect(lazy.current).toBe(w.booking)
  })

  it("the wizard's initial state keeps no query: the links of a list without a wizard are the same", () => {
    expect(world().booking.view.queryString).toBe('')
  })
})
