/** Test helpers for the desk's routes: staff logins on the demo tenant, made by the real services. */
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import type { TestServer } from '../test-support/test-server'
import { STAFF_PASSWORD } from '../admin/admin-test-support'

export async function staffLogin(t: TestServer, email: string, role: 'admin' | 'practitioner', practitionerId: string | null): Promise<Record<string, string>> {
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email, displayName: email, role, practitionerId })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password: STAFF_PASSWORD } })
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`)
  return { authorization: `Bearer ${login.json().token as string}` }
}
