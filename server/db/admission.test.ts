import { describe, expect, it } from 'vitest'
import { DatabaseBusy, isSaturated, WriteGate, writeGateFor } from './admission'

/** A promise and its resolve. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the write gate', () => {
  it('runs at most its slots at once, the others in their order, and refuses beyond its queue at once', async () => {
    const gate = new WriteGate(2, 2, 60_000)
    const started: number[] = []
    const ends = [0, 1, 2, 3].map(() => deferred())
    const runs = ends.map((end, i) =>
      gate.run(async () => {
        started.push(i)
        await end.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(gate.queued).toBe(2)
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(DatabaseBusy)

    ends[1]!.resolve()
    await runs[1]
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([0, 1, 2])
    for (const end of ends) end.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    // All slots free again: a failing run gives its slot back too.
    await expect(gate.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(await Promise.all([gate.run(async () => 'a'), gate.run(async () => 'b')])).toEqual(['a', 'b'])
    expect(gate.queued).toBe(0)
  })

  it('refuses a run that waited its longest', async () => {
    const gate = new WriteGate(1, 10, 50)
    const end = deferred()
    const first = gate.run(() => end.promise)
    const began = Date.now()
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(DatabaseBusy)
    expect(Date.now() - began).toBeGreaterThanOrEqual(45)
    expect(gate.queued).toBe(0)
    end.resolve()
    await first
    expect(await gate.run(async () => 'next')).toBe('next')
  })

  it('of a pool: half of its connections, 25 waiting per connection, 10 s at most', () => {
    expect(writeGateFor(10)).toMatchObject({ slots: 5, maxWaiting: 250, maxWaitMs: 10_000 })
    expect(writeGateFor(1)).toMatchObject({ slots: 1, maxWaiting: 25 })
  })
})

describe('a saturated pool', () => {
  it('has 25 requests per connection waiting for one', () => {
    expect(isSaturated(undefined)).toBe(false)
    expect(isSaturated({ waitingCount: 249, options: { max: 10 } })).toBe(false)
    expect(isSaturated({ waitingCount: 250, options: { max: 10 } })).toBe(true)
  })
})
