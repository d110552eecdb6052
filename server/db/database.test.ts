import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './database'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('knows the errors of a database server that is away', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    // a database closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false), the server starting
    // or full, a session ended by its timeout
    expect(isDatabaseUnavailable(withCode('55000', 'database "clinic" is not currently accepting connections'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('53300', 'sorry, too many clients already'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('53400', 'configuration limit exceeded'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P05', 'terminating connection due to idle-session timeout'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('08001', 'could not connect'))).toBe(true)
    // wrapped (a migration, a use case)
    expect(isDatabaseUnavailable(new Error('Migration failed', { cause: withCode('ECONNRESET') }))).toBe(true)
  })

  it('leaves every other error alone (a 500 stays a 500)', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false)
    expect(isDatabaseUnavailable(withCode('42P01', 'relation "x" does not exist'))).toBe(false)
    // 55000 is also a mistake of ours
    expect(isDatabaseUnavailable(withCode('55000', 'currval of sequence "s" is not yet defined in this session'))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })

  it("recognises what the pg driver really throws for a refused connection", async () => {
    // Port 1 on localhost: nothing listens there.
    const client = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' })
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(isDatabaseUnavailable(error)).toBe(true)
  })
})
