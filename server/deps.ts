/** What every route module receives (the server's composition root builds it once, in app.ts). */
import type { ServerConfig } from './config'
import type { Database } from './db/database'
import type { Db } from './db/schema'
import type { JwtService } from './accounts/jwt.service'
import type { MailApi } from './notifications/mail.service'
import type { NotificationsApi } from './notifications/notifications.service'

export interface ServerDeps {
  config: ServerConfig
  database: Database
  /** the root kysely handle (transactions start here) */
  db: Db
  jwt: JwtService
  mail: MailApi
  /** notices → outbox, reminders (server/notifications) */
  notifications: NotificationsApi
  /** the current instant (tests may fix it) */
  clock: () => Date
  /** whether texts are written at all (an SMS port: Twilio, or logged outside production) */
  smsEnabled: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: ServerDeps
  }
  interface FastifyRequest {
    /** tenant short name, resolved by the /api onRequest hook */
    tenant: string
  }
}
