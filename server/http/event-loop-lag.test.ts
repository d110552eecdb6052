import { describe, expect, it } from 'vitest'
import { EventLoopLag, loopOverloaded, SAMPLE_MS } from './event-loop-lag'

describe('loopOverloaded: shed when the loop is late and many requests are in flight', () => {
  const bound = { maxLagMs: 500, minInFlight: 8 }
  it.each([
    { lagMs: 600, inFlight: 8, shed: true },
    { lagMs: 5000, inFlight: 50, shed: true },
    { lagMs: 500, inFlight: 50, shed: false }, // at the bound: not beyond it
    { lagMs: 600, inFlight: 7, shed: false }, // a late loop with no queue (a loaded machine, a test)
    { lagMs: 20, inFlight: 200, shed: false }, // many in flight on a prompt loop: served fast
  ])('lag $lagMs ms, $inFlight in flight: $shed', ({ lagMs, inFlight, shed }) => {
    expect(loopOverloaded({ lagMs, inFlight }, bound)).toBe(shed)
  })
  it('never with a bound of 0 (MAX_EVENT_LOOP_LAG_MS=0)', () => {
    expect(loopOverloaded({ lagMs: 60_000, inFlight: 1000 }, { maxLagMs: 0, minInFlight: 8 })).toBe(false)
  })
})

describe('EventLoopLag: how late its timer comes', () => {
  const clockAt = () => {
    let t = 1000
    return { now: () => t, advance: (ms: number) => (t += ms) }
  }

  it('reads 0 while each tick comes on time', () => {
    const clock = clockAt()
    const lag = new EventLoopLag(clock.now)
    for (let i = 0; i < 5; i++) {
      clock.advance(SAMPLE_MS)
      lag.tick()
    }
    expect(lag.lagMs).toBe(0)
  })

  it('keeps a late tick as a peak that halves with each prompt tick after it', () => {
    const clock = clockAt()
    const lag = new EventLoopLag(clock.now)
    clock.advance(SAMPLE_MS + 800)
    lag.tick()
    expect(lag.lagMs).toBe(800)
    clock.advance(SAMPLE_MS)
    lag.tick()
    expect(lag.lagMs).toBe(400)
    clock.advance(SAMPLE_MS)
    lag.tick()
    expect(lag.lagMs).toBe(200)
  })

  it('reads a tick overdue now as lag before the tick comes (a loop stuck in a long turn)', () => {
    const clock = clockAt()
    const lag = new EventLoopLag(clock.now)
    clock.advance(SAMPLE_MS + 1200)
    expect(lag.lagMs).toBe(1200)
    expect(lag.figures()).toEqual({ lagMs: 1200, inFlight: 0 })
  })

  /** A loop whose turns end when the test says (afterTurn's functions run then). */
  const turns = () => {
    let ends: (() => void)[] = []
    return {
      afterTurn: (end: () => void) => void ends.push(end),
      endTurn: () => {
        const now = ends
        ends = []
        for (const end of now) end()
      },
    }
  }

  it('counts the requests of one late turn though each was answered before the next began (PGlite)', () => {
    const clock = clockAt()
    const loop = turns()
    const lag = new EventLoopLag(clock.now, loop.afterTurn)
    for (let i = 0; i < 10; i++) {
      const answered = lag.begin()
      clock.advance(40)
      answered()
    }
    expect(lag.figures()).toEqual({ lagMs: 10 * 40 - SAMPLE_MS, inFlight: 10 })
    loop.endTurn()
    expect(lag.figures().inFlight).toBe(0)
  })

  it("counts one client's requests one after another as one (each read in a turn of its own)", () => {
    const clock = clockAt()
    const loop = turns()
    const lag = new EventLoopLag(clock.now, loop.afterTurn)
    for (let i = 0; i < 10; i++) {
      lag.begin()()
      expect(lag.figures().inFlight).toBe(1)
      loop.endTurn()
    }
    expect(lag.figures().inFlight).toBe(0)
  })

  it('counts the unanswered requests across ticks (PostgreSQL: requests wait off the loop)', () => {
    const clock = clockAt()
    const loop = turns()
    const lag = new EventLoopLag(clock.now, loop.afterTurn)
    const answers = Array.from({ length: 9 }, () => lag.begin())
    loop.endTurn()
    expect(lag.figures().inFlight).toBe(9)
    for (const answered of answers.slice(0, 4)) answered()
    expect(lag.figures().inFlight).toBe(5)
  })

  it('measures a real blocked loop', async () => {
    const lag = new EventLoopLag().start()
    try {
      await new Promise((r) => setTimeout(r, SAMPLE_MS * 2))
      const until = performance.now() + 300
      while (performance.now() < until); // the loop blocked for 300 ms
      expect(lag.lagMs).toBeGreaterThanOrEqual(300 - SAMPLE_MS * 2)
    } finally {
      lag.stop()
    }
  })
})
