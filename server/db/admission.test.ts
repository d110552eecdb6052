import { describe, expect, it } from 'vitest'
import { DatabaseBusy, DEFAULT_BOOKING_QUEUE_MS, Gate, isSaturated, MAX_WAIT_MS, PGLITE_MAX_WAIT_MS, PGLITE_WRITE_QUEUE, pgliteConnectionGate, pgliteWriteGate, writeGateFor } from './admission'

/** A promise and its resolve. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** A gate on a clock of the test's: each run given here holds its slot `ms`, one after the other. */
async function gateAfterRuns(gate: { slots: number; maxWaiting: number; maxWaitMs: number }, runsMs: number[]): Promise<{ gate: Gate; clock: { t: number } }> {
  const clock = { t: 0 }
  const g = new Gate(gate.slots, gate.maxWaiting, gate.maxWaitMs, () => clock.t)
  for (const ms of runsMs) {
    const leave = await g.enter()
    clock.t += ms
    leave()
  }
  return { gate: g, clock }
}

/** Occupies every slot of `gate` and queues `queued` more; answers the function that lets them all go. */
async function occupy(gate: Gate, queued: number): Promise<() => Promise<void>> {
  const end = deferred()
  const runs = Array.from({ length: gate.slots + queued }, () => gate.run(() => end.promise).catch(() => undefined))
  await Promise.resolve()
  return async () => {
    end.resolve()
    await Promise.all(runs)
  }
}

describe('the gate', () => {
  it('runs at most its slots at once, the others in their order, and refuses beyond its queue at once', async () => {
    const gate = new Gate(2, 2, 60_000)
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
    expect(gate.running).toBe(0)
  })

  it('refuses a run that waited its longest', async () => {
    const gate = new Gate(1, 10, 50)
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

  // The wait a newcomer can expect: the runs in front of it (those queued, then itself) at the mean time of one, per slot.
  it.each([
    { case: 'a free slot: no wait, whatever the mean', slots: 2, runsMs: [100], busy: 1, queued: 0, expected: 0, saturated: false },
    { case: 'no run ended yet: no mean to go by', slots: 1, runsMs: [], busy: 1, queued: 3, expected: 0, saturated: false },
    { case: 'one slot busy, 3 queued, 100 ms a run', slots: 1, runsMs: [100, 100], busy: 1, queued: 3, expected: 400, saturated: false },
    { case: 'two slots: half the wait', slots: 2, runsMs: [100], busy: 2, queued: 3, expected: 200, saturated: false },
    { case: 'past the longest wait: refused at once', slots: 1, runsMs: [300], busy: 1, queued: 3, expected: 1_200, saturated: true },
    { case: 'the queue full: refused however short the runs', slots: 1, runsMs: [1], busy: 1, queued: 4, expected: 5, saturated: true },
  ])('$case', async ({ slots, runsMs, busy, queued, expected, saturated }) => {
    const { gate } = await gateAfterRuns({ slots, maxWaiting: 4, maxWaitMs: 1_000 }, runsMs)
    const end = deferred()
    const holders = Array.from({ length: busy + queued }, () => gate.run(() => end.promise).catch((e: unknown) => e))
    await Promise.resolve()
    expect(gate.expectedWaitMs()).toBeCloseTo(expected)
    expect(gate.saturated).toBe(saturated)
    if (saturated) await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(DatabaseBusy)
    end.resolve()
    for (const outcome of await Promise.all(holders)) expect(outcome).toBeUndefined()
  })

  it('goes by the recent runs more than the old ones', async () => {
    const { gate } = await gateAfterRuns({ slots: 1, maxWaiting: 100, maxWaitMs: 1_000 }, [1_000, ...Array<number>(40).fill(10)])
    const release = await occupy(gate, 0)
    expect(gate.expectedWaitMs()).toBeLessThan(50)
    await release()
  })

  it('of a pool: half of its connections, 25 waiting per connection, admitted within 2 s by default (BOOKING_QUEUE_MS), 10 s at most', () => {
    expect(DEFAULT_BOOKING_QUEUE_MS).toBe(2_000)
    expect(writeGateFor(10)).toMatchObject({ slots: 5, maxWaiting: 250, maxWaitMs: 10_000, admitWithinMs: DEFAULT_BOOKING_QUEUE_MS })
    expect(writeGateFor(1)).toMatchObject({ slots: 1, maxWaiting: 25 })
    expect(writeGateFor(10, 500)).toMatchObject({ slots: 5, admitWithinMs: 500 })
  })

  // Bookings, on a pool of 10 (5 at once) and on PGlite (one at a time): admitted while those in front
  // would take at most 2 s at the mean time of one, shared by the slots; they used to be admitted
  // whatever the wait, and refused after 10 s.
  const BOOKING_GATES = {
    'a pool of 10': { slots: 5, maxWaiting: 250, production: () => writeGateFor(10) },
    PGlite: { slots: 1, maxWaiting: PGLITE_WRITE_QUEUE, production: pgliteWriteGate },
  } as const
  it.each([
    { of: 'a pool of 10', case: 'no booking ended yet: all queue (a first burst), up to 25 a connection', runsMs: [], queued: 249, admitted: true },
    { of: 'a pool of 10', case: 'no booking ended yet, 250 queued: the queue full', runsMs: [], queued: 250, admitted: false },
    { of: 'a pool of 10', case: '400 ms a booking, 24 queued: 2 s, not past it', runsMs: [400], queued: 24, admitted: true },
    { of: 'a pool of 10', case: '400 ms a booking, 25 queued: 2.08 s, refused at once', runsMs: [400], queued: 25, admitted: false },
    { of: 'a pool of 10', case: '15 s a booking (a day held), none queued: 3 s, refused at once', runsMs: [15_000], queued: 0, admitted: false },
    { of: 'PGlite', case: 'no booking ended yet: all queue (a first burst)', runsMs: [], queued: 30, admitted: true },
    { of: 'PGlite', case: '100 ms a booking, 18 queued: 1.9 s', runsMs: [100], queued: 18, admitted: true },
    { of: 'PGlite', case: '100 ms a booking, 19 queued: 2 s, not past it', runsMs: [100], queued: 19, admitted: true },
    { of: 'PGlite', case: '100 ms a booking, 20 queued: 2.1 s, refused at once', runsMs: [100], queued: 20, admitted: false },
    { of: 'PGlite', case: '400 ms a booking, 5 queued: 2.4 s, refused at once', runsMs: [400], queued: 5, admitted: false },
  ] as const)('bookings of $of: $case', async ({ of, runsMs, queued, admitted }) => {
    const { slots, maxWaiting, production } = BOOKING_GATES[of]
    const clock = { t: 0 }
    const gate = new Gate(slots, maxWaiting, MAX_WAIT_MS, () => clock.t, DEFAULT_BOOKING_QUEUE_MS)
    expect(production()).toMatchObject({ slots: gate.slots, maxWaiting: gate.maxWaiting, maxWaitMs: gate.maxWaitMs, admitWithinMs: gate.admitWithinMs })
    for (const ms of runsMs) {
      const leave = await gate.enter()
      clock.t += ms
      leave()
    }
    const release = await occupy(gate, queued)
    const newcomer = gate.run(async () => 'booked')
    if (admitted) expect(gate.queued).toBe(queued + 1)
    // Refused while every slot is still held: at once, not after its MAX_WAIT_MS.
    else await expect(newcomer).rejects.toBeInstanceOf(DatabaseBusy)
    await release()
    if (admitted) expect(await newcomer).toBe('booked')
  })

  it("of PGlite: its one connection refuses no query itself; its locking work one at a time, waiting MAX_WAIT_MS at most", async () => {
    const connection = pgliteConnectionGate()
    expect(connection.slots).toBe(1)
    const release = await occupy(connection, 1_000)
    expect(connection.queued).toBe(1_000)
    await release()
    expect(pgliteWriteGate()).toMatchObject({ slots: 1, maxWaitMs: MAX_WAIT_MS, admitWithinMs: DEFAULT_BOOKING_QUEUE_MS })
    expect(pgliteWriteGate().maxWaiting).toBeGreaterThanOrEqual(50)
  })
})

describe('a saturated database', () => {
  it.each([
    { case: 'no pool, no gate', waiting: undefined, expected: false },
    { case: 'a pool of 10, 249 waiting', waiting: 249, expected: false },
    { case: 'a pool of 10, 250 waiting', waiting: 250, expected: true },
  ])('PostgreSQL: $case', ({ waiting, expected }) => {
    expect(isSaturated(waiting === undefined ? {} : { pool: { waitingCount: waiting, options: { max: 10 } } })).toBe(expected)
  })

  it.each([
    { case: 'the connection free', runMs: 100, queued: -1, expected: false },
    { case: 'held, 10 queued at 100 ms a holder: 1.1 s to wait', runMs: 100, queued: 10, expected: false },
    { case: 'held, 19 queued at 100 ms: 2 s, not past it', runMs: 100, queued: 19, expected: false },
    { case: 'held, 20 queued at 100 ms: 2.1 s to wait', runMs: 100, queued: 20, expected: true },
    { case: 'held, 1,000 queued at 1 ms: 1 s to wait', runMs: 1, queued: 1_000, expected: false },
  ])('PGlite: $case', async ({ runMs, queued, expected }) => {
    const { gate } = await gateAfterRuns({ slots: 1, maxWaiting: Number.POSITIVE_INFINITY, maxWaitMs: Number.POSITIVE_INFINITY }, [runMs])
    const release = queued >= 0 ? await occupy(gate, queued) : async () => undefined
    expect(PGLITE_MAX_WAIT_MS).toBe(2_000)
    expect(isSaturated({ connectionGate: gate })).toBe(expected)
    await release()
  })
})
