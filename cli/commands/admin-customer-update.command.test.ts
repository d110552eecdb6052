// nock tests of `clinic admin customer update`: only the options given are sent, the server's
// refusals (its own details form's messages) shown as they are, bad arguments refused before any call.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST } from '../testing/fixtures'

const home = tempConfigHome()
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env: { XDG_CONFIG_HOME: home.dir } })

useNock()
afterAll(() => home.remove())

const ID = 'c7'.padEnd(24, '0')
const jane = { id: ID, email: 'jane.doe@example.com', firstName: 'Jane', surname: 'Doe', mobilePhone: '+447700900123', notificationTypes: ['Email', 'SMS'], marketingTypes: [] }

describe('clinic admin customer update', () => {
  it('sends only the details given (the date at 12:00 UTC, consents as contact types) and shows the customer', async () => {
    const scope = nock(HOST)
      .put(`/api/admin/customers/${ID}`, { surname: 'Doe', email: 'jane.doe@example.com', dateOfBirth: '1990-03-02T12:00:00.000Z', notificationTypes: ['Email', 'SMS'], marketingTypes: [] })
      .reply(200, jane)
    const run = await cli('admin', 'customer', 'update', ID, '--surname', 'Doe', '--email', 'jane.doe@example.com', '--dob', '02/03/1990', '--texts', '--no-marketing')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toMatch(/Customer:\s+Jane Doe/)
    expect(run.stdout).toMatch(/Texts:\s+yes/)
    expect(run.stdout).toMatch(/Marketing:\s+no/)
  })

  it("shows the server's refusal as it is (exit 1)", async () => {
    nock(HOST).put(`/api/admin/customers/${ID}`, { mobilePhone: '123' }).reply(400, { statusCode: 400, message: 'Please enter a valid phone number.' })
    const run = await cli('admin', 'customer', 'update', ID, '--mobile', '123')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Please enter a valid phone number.')
  })

  it.each([
    [[ID], 'Nothing to change: pass --first-name, --surname, --email, --mobile, --dob, --texts/--no-texts or --marketing/--no-marketing.'],
    [[ID, '--dob', '1990-03-02'], "--dob must be a date as dd/MM/yyyy, got '1990-03-02'."],
  ])('%j is a usage error (2) before any call', async (args, message) => {
    const run = await cli('admin', 'customer', 'update', ...args)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })
})
