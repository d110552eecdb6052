/**
 * Service and calendar constants (spec §9 "Service availability ... Appointment types ... Repeat ...
 * Service-to-staff commission source", "Linked-service slot forceInterval is 5").
 */

export const SERVICE_AVAILABILITY = ['BOOK_AND_SELL', 'BOOK_ONLY', 'SELL_ONLY'] as const
export type ServiceAvailability = (typeof SERVICE_AVAILABILITY)[number]
/** Availability values hidden from online booking. */
export const HIDDEN_ONLINE_AVAILABILITY: readonly ServiceAvailability[] = ['BOOK_ONLY']

export const APPOINTMENT_TYPES = ['Appointment', 'Break', 'Block', 'Leave'] as const
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number]

export const REPEAT_OPTIONS = ['never', 'everyDay', 'everyWeek', 'everyTwoWeeks', 'everyMonth'] as const
export type RepeatOption = (typeof REPEAT_OPTIONS)[number]

export const COMMISSION_SOURCES = ['SOLD', 'BOTH'] as const
export type CommissionSource = (typeof COMMISSION_SOURCES)[number]

export const LINKED_SERVICE_FORCE_INTERVAL = 5
export const MINIMISE_GAPS_STRATEGY = 'Minimise after first booking'
