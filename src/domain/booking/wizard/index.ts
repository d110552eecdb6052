/** The booking wizard as one state machine (issue 27): its state, moves, URL and request. */
export * from './state'
export * from './items'
export * from './url'
export * from './request'
export * from './page'
export * from './page-moves'
export * from './view'
