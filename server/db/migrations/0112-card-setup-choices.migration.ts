/**
 * The customer's 'default card' choice for a card added through a setup intent (Stripe, the sandbox's
 * hosted page). The card exists only once the setup succeeds, which may be after a 3-D Secure
 * redirect, a page reload or only in the processor's webhook: the choice is kept here, keyed by the
 * intent, and applied once (applied_at) by whichever of those sees the success first. Once applied, a
 * later read of the same setup leaves a default the customer changed since alone.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const cardSetupChoicesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE commerce_card_setups (
      tenant_id text NOT NULL REFERENCES tenants(id),
      processor text NOT NULL,
      setup_intent_id text NOT NULL,
      customer_id text NOT NULL REFERENCES customers(id),
      make_default boolean NOT NULL,
      applied_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, processor, setup_intent_id)
    )`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TABLE commerce_card_setups`.execute(db)
  },
}
