/**
 * Wiring of the commerce side from the server's deps: the card processor chosen by CARD_PROCESSOR
 * (default 'sandbox'; 'stripe' and 'square' with their keys: processor-config.ts) and the clock.
 */
import type { Db } from '../db/schema'
import type { ServerDeps } from '../deps'
import { SandboxProcessor } from '../sandbox-processor/sandbox-processor.adapter'
import type { CardProcessor } from './card-processor.port'
import type { CommerceDeps } from './commerce.deps'
import type { CommerceDb } from './commerce.tables'
import { loadProcessorConfig, PAYMENT_PATHS, type ProcessorConfig } from './processor-config'
import { enqueueBookingConfirmation } from './settlement'
import { lazyProcessor } from './lazy-processor'
import { bookingAppointmentsById } from '../booking/appointments.repository'

export type ProcessorFactory = (db: Db, clock: () => Date, config: ProcessorConfig) => CardProcessor

const configOf = <N extends ProcessorConfig['name']>(config: ProcessorConfig, name: N) => {
  if (config.name !== name) throw new Error(`The ${name} processor was given the ${config.name} configuration.`)
  return config as Extract<ProcessorConfig, { name: N }>
}

/**
 * Card processors by name (CARD_PROCESSOR). Add an adapter: one entry here, nothing in the services.
 * The SDK-backed ones are imported on first use (lazy-processor.ts): never when another is in use.
 */
export const CARD_PROCESSORS: Record<ProcessorConfig['name'], ProcessorFactory> = {
  sandbox: (db, clock) => new SandboxProcessor({ db, clock }),
  stripe: (db, _clock, config) =>
    lazyProcessor({ name: 'stripe', declinesByWebhook: true, clientSecrets: true, refundLists: true, paymentPath: PAYMENT_PATHS.stripe }, async () => {
      const { StripeProcessor } = await import('../stripe-processor/stripe-processor.adapter')
      return new StripeProcessor({ db, config: configOf(config, 'stripe') })
    }),
  square: (db, clock, config) =>
    lazyProcessor({ name: 'square', refundLists: true, paymentPath: PAYMENT_PATHS.square }, async () => {
      const { SquareProcessor } = await import('../square-processor/square-processor.adapter')
      return new SquareProcessor({ db, clock, config: configOf(config, 'square') })
    }),
}

export function processorName(): string {
  return loadProcessorConfig().name
}

const cache = new WeakMap<ServerDeps, CommerceDeps>()

export function commerceDeps(deps: ServerDeps): CommerceDeps {
  let found = cache.get(deps)
  if (!found) {
    const db = deps.db
    const config = loadProcessorConfig()
    found = { db, processor: CARD_PROCESSORS[config.name](db, deps.clock, config), clock: deps.clock }
    cache.set(deps, found)
  }
  return found
}

/** The sandbox adapter (its own pages need more than the port). */
export function sandboxOf(deps: ServerDeps): SandboxProcessor {
  const processor = commerceDeps(deps).processor
  return processor instanceof SandboxProcessor ? processor : new SandboxProcessor({ db: deps.db, clock: deps.clock })
}

/**
 * Booking confirmation (with the .ics) for appointments booked without a payment (zero deposit,
 * course sessions): for the booking code to call, inside its transaction when it has one.
 */
export async function sendBookingConfirmation(
  deps: ServerDeps,
  db: unknown,
  tenant: string,
  customerId: string,
  appointmentIds: readonly string[],
): Promise<void> {
  const commerce = commerceDeps(deps)
  const handle = db as CommerceDb
  const appointments = await bookingAppointmentsById(handle, tenant, appointmentIds)
  await enqueueBookingConfirmation(commerce, handle, tenant, customerId, appointments)
}
