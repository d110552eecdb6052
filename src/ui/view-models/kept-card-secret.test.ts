import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { KEPT_CARD_SECRET_KEY, KeptCardSecret } from './kept-card-secret'

const begun = { transactionId: 'pi_1', clientSecret: 'pi_1_secret_abc' }

describe('KeptCardSecret (Stripe\'s client secret of the pending payment, kept in the tab)', () => {
  it.each([
    ['the same payment shown again without it gets it back', { transactionId: 'pi_1' }, { transactionId: 'pi_1', clientSecret: 'pi_1_secret_abc' }, true],
    ['another payment without one gets none, and the kept one goes', { transactionId: 't2' }, { transactionId: 't2' }, false],
    ['another payment with its own replaces it', { transactionId: 'pi_2', clientSecret: 'pi_2_secret_x' }, { transactionId: 'pi_2', clientSecret: 'pi_2_secret_x' }, true],
  ])('%s', (_name, shown, expected, keptAfter) => {
    const tab = new MemoryStorage()
    new KeptCardSecret(tab).arrived(begun)
    expect(new KeptCardSecret(tab).arrived(shown)).toEqual(expected)
    expect(tab.getItem(KEPT_CARD_SECRET_KEY) !== null).toBe(keptAfter)
  })

  it('clear keeps nothing', () => {
    const tab = new MemoryStorage()
    const kept = new KeptCardSecret(tab)
    kept.arrived(begun)
    kept.clear()
    expect(kept.arrived({ transactionId: 'pi_1' })).toEqual({ transactionId: 'pi_1' })
  })

  it.each([
    ['not JSON', '{'],
    ['no secret', JSON.stringify({ transactionId: 'pi_1' })],
    ['a secret that is not text', JSON.stringify({ transactionId: 'pi_1', clientSecret: 1 })],
  ])('what is kept in another shape (%s) reads as nothing', (_name, raw) => {
    const tab = new MemoryStorage()
    tab.setItem(KEPT_CARD_SECRET_KEY, raw)
    expect(new KeptCardSecret(tab).arrived({ transactionId: 'pi_1' })).toEqual({ transactionId: 'pi_1' })
  })

  it('without storage keeps nothing', () => {
    const kept = new KeptCardSecret()
    kept.arrived(begun)
    expect(kept.arrived({ transactionId: 'pi_1' })).toEqual({ transactionId: 'pi_1' })
  })
})
