/**
 * Statements run on (nearly) every request, prepared once per PostgreSQL connection: registered here
 * by name and text, they go out as named statements, so PostgreSQL parses and plans them once per
 * connection and then only binds and runs them (availability's bookings statement: a day's 0.42 ms of
 * PostgreSQL CPU became 0.14 ms). The pool Kysely gets on PostgreSQL (database.ts) does it; PGlite
 * has no use for it.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import type pg from 'pg'

const nameOf = new Map<string, string>()
const textOf = new Map<string, string>()

/** Registers `text` under `name` (once, at module load) and returns the text, for CompiledQuery.raw. */
export function preparedStatement(name: string, text: string): string {
  const known = textOf.get(name)
  // A connection refuses a second text under a name it has prepared.
  if (known !== undefined && known !== text) throw new Error(`Prepared statement '${name}' is registered with another text`)
  textOf.set(name, text)
  nameOf.set(text, name)
  return text
}

/** Sends registered texts as named statements, anything else as it is. */
class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(what: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof what !== 'string') return this.client.query(what as pg.Submittable & PostgresCursor<R>)
    const values = parameters ? [...parameters] : []
    const name = nameOf.get(what)
    const result = name === undefined ? this.client.query(what, values) : this.client.query({ name, text: what, values })
    return result as Promise<PostgresQueryResult<R>>
  }

  release(): void {
    this.client.release()
  }
}

/** The pool as Kysely takes it, with registered statements prepared. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PreparingClient>()
  return {
    async connect() {
      const client = await pool.connect()
      let wrapped = clients.get(client)
      if (wrapped === undefined) clients.set(client, (wrapped = new PreparingClient(client)))
      return wrapped
    },
    end: () => pool.end(),
  }
}
