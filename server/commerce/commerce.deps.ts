/** What every commerce service function receives: the database, the processor, a clock. */
import type { Db } from '../db/schema'
import type { CardProcessor } from './card-processor.port'

export interface CommerceDeps {
  /** The root handle (transactions start here). */
  db: Db
  processor: CardProcessor
  clock: () => Date
  log?: (message: string, detail?: unknown) => void
}
