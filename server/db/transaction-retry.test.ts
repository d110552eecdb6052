import { describe, expect, it } from 'vitest'
import { isRetryableConflict, RetriesExhausted, retryTransaction } from './transaction-retry'

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code })

describe('retryTransaction', () => {
  it('runs a deadlocked or serialization-failed transaction again and answers its result', async () => {
    for (const code of ['40P01', '40001']) {
      let calls = 0
      const result = await retryTransaction(async () => {
        calls++
        if (calls < 3) throw pgError(code)
        return 'committed'
      })
      expect(result).toBe('committed')
      expect(calls).toBe(3)
    }
  })

  it('gives up after the bounded number of attempts', async () => {
    let calls = 0
    const run = retryTransaction(async () => {
      calls++
      throw pgError('40P01')
    }, { attempts: 4 })
    await expect(run).rejects.toBeInstanceOf(RetriesExhausted)
    expect(calls).toBe(4)
  })

  it('never retries other failures (a taken slot, a bug)', async () => {
    for (const error of [pgError('23P01'), pgError('23505'), new TypeError('bug')]) {
      let calls = 0
      await expect(retryTransaction(async () => {
        calls++
        throw error
      })).rejects.toBe(error)
      expect(calls).toBe(1)
      expect(isRetryableConflict(error)).toBe(false)
    }
  })
})
