/** Scheduling: slots, chains and month availability. The server calls these (see README in the report). */
export * from './types'
export * from './interval'
export * from './london-day'
export * from './prepared-day'
export * from './minimise-gaps'
export * from './day-slots'
export * from './chain'
export * from './month'
