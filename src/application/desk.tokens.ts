import { token } from './inject'
import type { DeskApi } from './ports/desk.port'

/** Injection token of the front desk's port (issue 29), beside ADMIN_PORTS. */
export const DESK_PORTS = {
  DeskApi: token<DeskApi>('DeskApi'),
} as const
