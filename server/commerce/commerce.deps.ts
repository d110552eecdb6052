/** What every commerce service function receives: the database, the core's data, the processor, a clock. */
import type { Db } from '../db/schema'
import type { CardProcessor } from './card-processor.port'
import type { CoreData } from './core-data.port'

export interface CommerceDeps {
  /** The root handle (transactions start here). */
  db: Db
  core: CoreData
  processor: CardProcessor
  clock: () => Date
  log?: (message: string, detail?: unknown) => void
}
