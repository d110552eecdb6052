import { describe, expect, it } from 'vitest'
import { ManualClock, SystemClock } from './system-clock.adapter'

describe('clocks', () => {
  it('SystemClock sleeps and can be aborted', async () => {
    const clock = new SystemClock()
    const start = Date.now()
    await clock.sleep(20)
    expect(Date.now() - start).toBeGreaterThanOrEqual(15)
    const controller = new AbortController()
    const pending = clock.sleep(10_000, controller.signal)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('ManualClock advances time instantly', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'))
    await clock.sleep(3000)
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:03.000Z')
    expect(clock.sleeps).toEqual([3000])
  })
})
