/**
 * The edge of every staff and admin route: the tenant's signed-in staff member with an allowed role,
 * or the request ends with 401/403 (thrown as EdgeFailure, like ctx.requireCustomer()).
 */
import * as E from 'fp-ts/Either'
import type { StaffRole } from '../../src/contract/staff.routes'
import { bearerToken, type RequestContext } from '../http/contract-route'
import { EdgeFailure } from '../http/results'
import { failureOf } from '../http/service-failure'
import { authenticate, type SignedInStaff } from './staff.service'
import { operatorDb } from './staff.tables'

export const ANY_STAFF: readonly StaffRole[] = ['admin', 'practitioner']
export const ADMIN_ONLY: readonly StaffRole[] = ['admin']

export async function requireStaff(ctx: RequestContext, allowed: readonly StaffRole[] = ANY_STAFF): Promise<SignedInStaff> {
  const result = await authenticate(operatorDb(ctx.db), ctx.deps.jwt, ctx.tenant, bearerToken(ctx.request), allowed)
  if (E.isLeft(result)) throw new EdgeFailure(failureOf(result.left))
  return result.right
}
