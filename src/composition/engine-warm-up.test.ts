import { describe, expect, it } from 'vitest'
import { warmUpEngine } from './engine-warm-up'

describe('warmUpEngine', () => {
  it('never throws, even without Intl', () => {
    const intl = globalThis.Intl
    try {
      ;(globalThis as { Intl?: unknown }).Intl = undefined
      expect(() => warmUpEngine((step) => step())).not.toThrow()
    } finally {
      globalThis.Intl = intl
    }
    expect(() => warmUpEngine((step) => step())).not.toThrow()
  })

  it('runs each step in a task of its own', () => {
    const steps: (() => void)[] = []
    warmUpEngine((step) => steps.push(step))
    expect(steps.length).toBeGreaterThan(1)
    for (const step of steps) step()
  })
})
