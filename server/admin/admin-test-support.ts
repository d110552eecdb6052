/** Test helpers for the admin API: a tenant with a signed-in admin, on a buildTestServer() app. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import type { TestServer } from '../test-support/test-server'

export const OPERATOR_KEY = 'operator-key-for-tests-0123456789'
export const STAFF_PASSWORD = 'Staff1234'

export const exampleDocument = (): Record<string, unknown> => parse(readFileSync(resolve('docs/examples/clinic.yaml'), 'utf8')) as Record<string, unknown>

/** Creates the tenant (X-Operator-Key), sets its admin's password through the link and logs in. */
export async function tenantWithAdmin(t: TestServer, tenant: string): Promise<{ headers: Record<string, string> }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/tenants',
    headers: { 'x-operator-key': OPERATOR_KEY },
    payload: { shortName: tenant, name: `Clinic ${tenant}`, adminEmail: `owner@${tenant}.example.com` },
  })
  if (created.statusCode !== 201) throw new Error(`tenant not created: ${created.body}`)
  const token = String(created.json().setPasswordUrl).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': tenant }, payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': tenant }, payload: { email: `owner@${tenant}.example.com`, password: STAFF_PASSWORD } })
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`)
  return { headers: { 'x-tenant': tenant, authorization: `Bearer ${login.json().token as string}` } }
}
