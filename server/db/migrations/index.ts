/**
 * The migration list (kysely Migrator, in-code provider). Names sort in run order: add a line with
 * the next number to add a migration; never edit one that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely'
import { coreMigration } from './0001-core.migration'
import { bookingIdempotencyMigration } from './0002-booking-idempotency.migration'
import { bookingVersionsMigration } from './0003-booking-versions.migration'
import { authSessionsRateLimitsMigration } from './0004-auth-sessions-rate-limits.migration'
import { catalogueVersionsMigration } from './0005-catalogue-versions.migration'
import { staffMigration } from './0006-staff.migration'
import { notificationsMigration } from './0007-notifications.migration'
import { commerceMigration } from '../../commerce/commerce.migration'
import { paymentChecksMigration } from '../../commerce/payment-checks.migration'
import { processorsMigration } from '../../commerce/processors.migration'
import { tenantIdMigration } from './0103-tenant-id.migration'
import { slotHoldsMigration } from './0104-slot-holds.migration'
import { dropCustomerRoleMigration } from './0105-drop-customer-role.migration'
import { coreCommerceKeysMigration } from './0108-core-commerce-keys.migration'
import { clinicContactMigration } from './0110-clinic-contact.migration'
import { customerHoldsIndexMigration } from './0111-customer-holds-index.migration'
import { cardSetupChoicesMigration } from './0112-card-setup-choices.migration'
import { slotHoldPageMigration } from './0113-slot-hold-page.migration'
import { appointmentCancellationsMigration } from './0114-appointment-cancellations.migration'
import { practitionerNotificationsMigration } from './0140-practitioner-notifications.migration'
import { deskCalendarMigration } from './0125-desk-calendar.migration'
import { customerNotesMigration } from './0120-customer-notes.migration'
import { integrationsMigration } from './0135-integrations.migration'
import { processorRefundsMigration } from './0145-processor-refunds.migration'
import { waitlistMigration } from './0115-waitlist.migration'
import { blockSeriesMigration } from './0155-block-series.migration'
import { bookingWriteCostMigration } from './0160-booking-write-cost.migration'
import { waitlistBookingSettledMigration } from './0161-waitlist-booking-settled.migration'
import { integrationBookingAnswersMigration } from './0162-integration-booking-answers.migration'
import { invoiceItemsReferenceMigration } from './0163-invoice-items-reference.migration'
import { payLinkMessagesMigration } from './0164-pay-link-messages.migration'
import { transactionRequestMigration } from './0165-transaction-request.migration'
import { invoicePurchaseKeyMigration } from './0166-invoice-purchase-key.migration'

export const migrations: Record<string, Migration> = {
  '0001-core': coreMigration,
  '0002-booking-idempotency': bookingIdempotencyMigration,
  '0003-booking-versions': bookingVersionsMigration,
  '0004-auth-sessions-rate-limits': authSessionsRateLimitsMigration,
  '0005-catalogue-versions': catalogueVersionsMigration,
  '0006-staff': staffMigration,
  '0007-notifications': notificationsMigration,
  '0100-commerce': commerceMigration,
  '0101-commerce-payment-checks': paymentChecksMigration,
  '0102-processors': processorsMigration,
  '0103-tenant-id': tenantIdMigration,
  '0104-slot-holds': slotHoldsMigration,
  '0105-drop-customer-role': dropCustomerRoleMigration,
  '0108-core-commerce-keys': coreCommerceKeysMigration,
  '0110-clinic-contact': clinicContactMigration,
  '0111-customer-holds-index': customerHoldsIndexMigration,
  '0112-card-setup-choices': cardSetupChoicesMigration,
  '0113-slot-hold-page': slotHoldPageMigration,
  '0114-appointment-cancellations': appointmentCancellationsMigration,
  '0115-waitlist': waitlistMigration,
  '0120-customer-notes': customerNotesMigration,
  '0125-desk-calendar': deskCalendarMigration,
  '0135-integrations': integrationsMigration,
  '0140-practitioner-notifications': practitionerNotificationsMigration,
  '0145-processor-refunds': processorRefundsMigration,
  '0155-block-series': blockSeriesMigration,
  '0160-booking-write-cost': bookingWriteCostMigration,
  '0161-waitlist-booking-settled': waitlistBookingSettledMigration,
  '0162-integration-booking-answers': integrationBookingAnswersMigration,
  '0163-invoice-items-reference': invoiceItemsReferenceMigration,
  '0164-pay-link-messages': payLinkMessagesMigration,
  '0165-transaction-request': transactionRequestMigration,
  '0166-invoice-purchase-key': invoicePurchaseKeyMigration,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
