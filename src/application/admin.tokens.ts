import { token } from './inject'
import type { AdminApi } from './ports/admin.port'
import type { IntegrationsApi } from './ports/integrations.port'
import type { TokenStore } from './ports/token-store.port'
import type { StaffCalendarApi } from './ports/staff-calendar.port'
import type { StaffWaitlistApi } from './ports/waitlist.port'

/** Injection tokens of the operator's side (issue 13): kept apart from the customer's PORTS. */
export const ADMIN_PORTS = {
  AdminApi: token<AdminApi>('AdminApi'),
  /** A staff login's notifications and its practitioner's calendar feed. */
  StaffCalendarApi: token<StaffCalendarApi>('StaffCalendarApi'),
  /** API keys and webhook endpoints (issue 30). */
  IntegrationsApi: token<IntegrationsApi>('IntegrationsApi'),
  /** The staff sign-in token: never the customer's (a staff token opens no customer call and back). */
  StaffTokenStore: token<TokenStore>('StaffTokenStore'),
  /** The desk's waitlist calls (issue 32), on the staff transport. */
  StaffWaitlistApi: token<StaffWaitlistApi>('StaffWaitlistApi'),
} as const
