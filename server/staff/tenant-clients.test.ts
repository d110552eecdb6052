// Tenant creation through the clients' own containers against the real server: the CLI's (axios)
// and the staff desk's (the browser's fetch transport, which has no axios `defaults` to copy). The
// operator key goes on a transport of its own, without the staff token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Container } from 'inversify'
import * as E from 'fp-ts/Either'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { CreateTenant } from '../../src/application/use-cases/admin.use-case'
import { ADMIN_PORTS } from '../../src/application/admin.tokens'
import type { TokenStore } from '../../src/application/ports/token-store.port'
import { browserAdaptersModule } from '../../src/adapters/browser-adapters.module'
import { MemoryStorage } from '../../src/adapters/storage/in-memory.adapter'
import { staffModule } from '../../src/composition/staff.module'
import { createCliContainer } from '../../cli/cli.container'

const OPERATOR_KEY = 'operator-key-for-tests-0123456789'
let t: TestServer
let origin: string
const dir = mkdtempSync(join(tmpdir(), 'clinic-tenant-clients-'))

beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY, publicUrl: 'https://{tenant}.clinics.example.co.uk' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

const body = (shortName: string) => ({ shortName, name: `Clinic ${shortName}`, adminEmail: `owner@${shortName}.example.com` })

function staffDesk(): Container {
  const container = new Container()
  container.load(browserAdaptersModule({ storage: new MemoryStorage(), sessionStorage: new MemoryStorage() }), staffModule({ baseUrl: `${origin}/api` }))
  return container
}

describe('tenant creation from the clients', () => {
  it("the staff desk's container (fetch transport) creates a tenant with the operator key, and a wrong key is refused", async () => {
    const desk = staffDesk()
    // A staff token is never sent with the operator key (a bad one would be refused if it were).
    desk.get<TokenStore>(ADMIN_PORTS.StaffTokenStore).set('not-a-staff-token')
    const created = await desk.get(CreateTenant).execute(body('deskmade'), OPERATOR_KEY)
    expect(E.isRight(created) && created.right.setPasswordUrl).toMatch(/^https:\/\/deskmade\.clinics\.example\.co\.uk\//)
    const refused = await desk.get(CreateTenant).execute(body('deskrefused'), 'not-the-key-at-all')
    expect(E.isLeft(refused) && refused.left._tag === 'Refused' && refused.left.status).toBe(401)
  })

  it("the CLI's container (axios) creates one too", async () => {
    const cli = createCliContainer({ baseUrl: origin, env: { XDG_CONFIG_HOME: dir } })
    const created = await cli.get(CreateTenant).execute(body('climade'), OPERATOR_KEY)
    expect(E.isRight(created) && created.right.setPasswordUrl).toMatch(/^https:\/\/climade\.clinics\.example\.co\.uk\//)
  })
})
