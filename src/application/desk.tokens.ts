import { token } from './inject'
import type { DeskCalendarApi } from './ports/desk-calendar.port'
import type { DeskApi } from './ports/desk.port'

/** Injection tokens of the front desk (issue 29), beside ADMIN_PORTS: its calendar and checkout, and booking on behalf. */
export const DESK_PORTS = {
  DeskCalendarApi: token<DeskCalendarApi>('DeskCalendarApi'),
  DeskApi: token<DeskApi>('DeskApi'),
} as const
