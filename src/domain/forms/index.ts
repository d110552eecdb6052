export * from './widgets'
export * from './answers'
export * from './definition'
