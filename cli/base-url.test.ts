// A --base-url that is not the clinic server: an error answer that is not the API's (a web page, an
// unknown route) is exit 3 with a hint, not a refusal (1) with 'Request failed with status 404'.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../src/adapters/http/test-support'
import { runCli, tempConfigHome } from './testing/run-cli'
import { HOST } from './testing/fixtures'

const home = tempConfigHome()
const cli = (...args: string[]) => runCli(['--base-url', HOST, ...args], { env: { XDG_CONFIG_HOME: home.dir } })
const HINT = 'is --base-url the clinic server?'

useNock()
afterAll(() => home.remove())

describe('a --base-url that is not the clinic server', () => {
  it('another web server answering 404 with a page: 3, one line naming the call and the hint', async () => {
    nock(HOST).get('/api/public-clinics').reply(404, '<!doctype html><html><body>Not found</body></html>', { 'content-type': 'text/html' })
    const run = await cli('locations')
    expect(run.code).toBe(3)
    expect(run.stderr).toBe(`error: The server at ${HOST} is not the clinic API: GET /api/public-clinics answered 404 with text/html, not the API's JSON; ${HINT}\n`)
  })

  it("the clinic server under a wrong path (Fastify's 'Route ... not found'): 3 with the hint", async () => {
    nock(HOST)
      .get('/api/public-clinics')
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Route GET:/api/public-clinics not found' })
    const run = await cli('locations')
    expect(run.code).toBe(3)
    expect(run.stderr).toBe(`error: The server at ${HOST} is not the clinic API: GET /api/public-clinics answered 404: Route GET:/api/public-clinics not found; ${HINT}\n`)
  })

  it('a lead sent to a page that is not the API: 3, not the lead form refusal', async () => {
    nock(HOST).post('/api/customers-lead').query(true).reply(404, 'File not found', { 'content-type': 'text/plain' })
    const run = await cli('lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann@example.com')
    expect(run.code).toBe(3)
  })

  it('clinic --help says so under exit code 3', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/^ {2}3 {2}.*--base-url is not the clinic server$/m)
  })

  it("the server's own 404 with its message stays a refusal (1)", async () => {
    nock(HOST).get('/api/public-clinics').reply(404, { statusCode: 404, message: 'Appointment not found.' })
    const run = await cli('locations')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: Appointment not found.\n')
  })
})
