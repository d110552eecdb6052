/** A card processor without its keys stops the start with one line naming the missing key. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildServer } from '../app'
import { testConfig } from '../config'
import { startFailureMessage } from '../start-failure'
import { createTestDatabase } from '../test-support/test-database'

afterEach(() => vi.unstubAllEnvs())

describe('start with a card processor', () => {
  it.each([
    ['stripe', { STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY'],
    ['square', { SQUARE_ACCESS_TOKEN: 'EAAA-secret-token', SQUARE_APPLICATION_ID: 'app', SQUARE_LOCATION_ID: 'L1' }, 'SQUARE_WEBHOOK_SIGNATURE_KEY'],
  ])('CARD_PROCESSOR=%s without a key: one line naming it, no secret in it', async (processor, env, missing) => {
    vi.stubEnv('CARD_PROCESSOR', processor)
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value)
    const database = await createTestDatabase()
    try {
      const config = testConfig()
      const error = await buildServer(config, { database }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeDefined()
      const line = startFailureMessage(error, config)
      expect(line).toBe(`The server could not start: ${missing} is required when CARD_PROCESSOR=${processor}.`)
      for (const value of Object.values(env)) if (value.length > 4) expect(line).not.toContain(value)
    } finally {
      await database.cleanup()
    }
  })
})
