// The settings pages' save race (issue 29): a save carries the version of the set-up it was made on,
// and the server checks it inside the apply's transaction; of two admins saving at once, one is told.
import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSetupDocument } from '../../src/contract/setup-document.check'
import type { SetupDocument } from '../../src/contract/setup-document.codecs'
import { SETUP_CHANGED, setupVersion } from '../../src/contract/setup-document.version'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { exampleDocument, OPERATOR_KEY, tenantWithAdmin } from './admin-test-support'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
})
afterAll(() => t.close())

const apply = (headers: Record<string, string>, document: unknown, expectedVersion?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/setup', headers, payload: { document, ...(expectedVersion ? { expectedVersion } : {}) } })

/** The export as the browser reads it: decoded with the contract's codecs. */
async function read(headers: Record<string, string>): Promise<{ document: SetupDocument; version: string }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/setup', headers })
  expect(response.statusCode).toBe(200)
  const checked = checkSetupDocument(response.json())
  if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
  return { document: checked.right, version: setupVersion(checked.right) }
}

const withOrgName = (doc: SetupDocument, name: string): SetupDocument => ({ ...doc, organisation: { ...doc.organisation, name } })

describe('the set-up version check', () => {
  it('applies a save made on the current version; the version read by the browser is the one the server holds', async () => {
    const { headers } = await tenantWithAdmin(t, 'version-ok')
    expect((await apply(headers, exampleDocument())).statusCode).toBe(200)
    const { document, version } = await read(headers)
    const saved = await apply(headers, withOrgName(document, 'Riverside Renamed'), version)
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ applied: true })
    const after = await read(headers)
    expect(after.document.organisation.name).toBe('Riverside Renamed')
    expect(after.version).not.toBe(version)
  })

  it('of two saves made on the same version at once, one applies and the other gets 409 with nothing written', async () => {
    const { headers } = await tenantWithAdmin(t, 'version-race')
    await apply(headers, exampleDocument())
    const { document, version } = await read(headers)
    const first = withOrgName(document, 'Owner A was here')
    const second = { ...document, services: document.services.map((s, i) => (i === 0 ? { ...s, price: s.price + 1 } : s)) }
    const answers = await Promise.all([apply(headers, first, version), apply(headers, second, version)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const refused = answers.find((a) => a.statusCode === 409)!
    expect(refused.json().message).toBe(SETUP_CHANGED)
    const after = (await read(headers)).document
    // exactly one of the two changes is in the set-up: the other did not overwrite it
    const nameChanged = after.organisation.name === 'Owner A was here'
    const priceChanged = after.services[0]!.price === document.services[0]!.price + 1
    expect([nameChanged, priceChanged].filter(Boolean)).toHaveLength(1)
    expect(answers[nameChanged ? 0 : 1]!.statusCode).toBe(200)
  })

  it('refuses a save made on an old version, and a save without a version (the CLI) applies as before', async () => {
    const { headers } = await tenantWithAdmin(t, 'version-old')
    await apply(headers, exampleDocument())
    const old = await read(headers)
    expect((await apply(headers, withOrgName(old.document, 'Changed meanwhile'))).statusCode).toBe(200)
    const late = await apply(headers, withOrgName(old.document, 'Late edit'), old.version)
    expect(late.statusCode).toBe(409)
    expect((await read(headers)).document.organisation.name).toBe('Changed meanwhile')
  })
})
