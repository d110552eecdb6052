/**
 * Forgot-password answers in the same time whether or not the address exists: the answer is decided
 * before any account lookup or mail work, which runs after the reply (MailApi.later). Tested by
 * holding the later work back: both answers come with nothing looked up or written yet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORGOT_PASSWORD_RESULT } from '../../src/domain/validation/forgot-password'
import { OTHER_CUSTOMER } from '../seed/demo.seed'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { forgotPassword, type AccountDeps } from './account.service'
import { jwtService } from './jwt.service'
import { MailSender } from '../notifications/mail.service'

/** The real mail service, with the work handed to later() kept until the test runs it. */
class HeldMail extends MailSender {
  readonly held: (() => Promise<void>)[] = []
  override later(job: () => Promise<void>): void {
    this.held.push(job)
  }
}

let database: TestDatabase
let mail: HeldMail
let deps: AccountDeps
beforeAll(async () => {
  database = await createTestDatabase()
  mail = new HeldMail(database.db, { from: 'clinic@example.com', log: { info: () => undefined, error: () => undefined } })
  deps = { db: database.db, jwt: jwtService('test-secret', '1h'), mail, now: new Date(), origin: 'https://clinic.example' }
})
afterAll(() => database.cleanup())

const counts = async () => ({
  tokens: Number((await database.db.selectFrom('tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('purpose', '=', 'reset').executeTakeFirstOrThrow()).n),
  mails: Number((await database.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('subject', '=', 'Reset your password').executeTakeFirstOrThrow()).n),
})

describe('forgotPassword', () => {
  it('answers a known and an unknown address alike, before any lookup or mail work, which runs after', async () => {
    const before = await counts()
    const known = await forgotPassword(deps, 'demo', OTHER_CUSTOMER.email, false)
    const unknown = await forgotPassword(deps, 'demo', 'nobody@example.com', false)
    expect(known).toEqual(unknown)
    expect(known).toEqual({ message: FORGOT_PASSWORD_RESULT })
    // The same single step for both, not run yet: no token, no mail at the time of the answer.
    expect(mail.held).toHaveLength(2)
    expect(await counts()).toEqual(before)

    await mail.held[1]()
    expect(await counts()).toEqual(before)
    await mail.held[0]()
    expect(await counts()).toEqual({ tokens: before.tokens + 1, mails: before.mails + 1 })
  })
})
