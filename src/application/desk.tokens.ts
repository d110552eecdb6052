import { token } from './inject'
import type { DeskCalendarApi } from './ports/desk-calendar.port'

/** Injection tokens of the desk's calendar and checkout (issue 29), beside ADMIN_PORTS. */
export const DESK_PORTS = {
  DeskCalendarApi: token<DeskCalendarApi>('DeskCalendarApi'),
} as const
