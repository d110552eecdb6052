export * from './waitlist'
export * from './matching'
