import * as t from 'io-ts'
import { route } from './route'
import { entity, errors, literals, Money, ObjectId, Int } from './codecs'
import { CURRENCIES } from '../domain/pricing/money'
import { DEPOSIT_MULTIPLE_SERVICES_RULES, DEPOSIT_RULES, DEPOSIT_TYPES } from '../domain/pricing/deposit'

export const Currency = literals(CURRENCIES, 'Currency')
export type Currency = t.TypeOf<typeof Currency>
export const DepositType = literals(DEPOSIT_TYPES, 'DepositType')
export type DepositType = t.TypeOf<typeof DepositType>
export const DepositMultipleServicesRule = literals(DEPOSIT_MULTIPLE_SERVICES_RULES, 'DepositMultipleServicesRule')
export type DepositMultipleServicesRule = t.TypeOf<typeof DepositMultipleServicesRule>
export const DepositRule = literals(DEPOSIT_RULES, 'DepositRule')
export type DepositRule = t.TypeOf<typeof DepositRule>
/** Spec section 9: types NONE, AMOUNT, PERCENTAGE (default AMOUNT). */
export const LateCancellationChargeType = literals(['NONE', 'AMOUNT', 'PERCENTAGE'], 'LateCancellationChargeType')
export type LateCancellationChargeType = t.TypeOf<typeof LateCancellationChargeType>
/** Spec section 3: 'allow' / 'do-not-allow' / other (any other value). */
export const CancellationRule = t.string
export type CancellationRule = t.TypeOf<typeof CancellationRule>

/** GET /public/organisations: the public settings of spec section 3 (other settings not shown). */
export const OrganisationPublic = entity(
  'OrganisationPublic',
  {
    id: ObjectId,
    name: t.string,
    currency: Currency,
    country: t.string,
    showHomeBannerText: t.boolean,
    bookingDepositType: DepositType,
    bookingDepositAmount: Money,
    bookingDepositMultipleServicesRule: DepositMultipleServicesRule,
    bookingDepositRule: DepositRule,
    showCancelTerms: t.boolean,
    sellGiftVoucherOnline: t.boolean,
    giftVoucherValues: t.array(Money),
    minimiseGaps: t.boolean,
  },
  {
    logo: t.string,
    gtmId: t.string,
    /** production: the tag manager starts only after the visitor accepts analytics in a consent banner this shows */
    analyticsConsentBanner: t.boolean,
    homeBannerText: t.string,
    termsAndConditionsText: t.string,
    termsAndConditionsTextCourse: t.string,
    termsAndConditionsTextCourseService: t.string,
    termsAndConditionsTextGiftVoucher: t.string,
    thankYouText: t.string,
    thankYouTextCourse: t.string,
    thankYouTextCourseService: t.string,
    thankYouTextGiftVoucher: t.string,
    thankYouPageUrl: t.string,
    lateCancellationChargeType: LateCancellationChargeType,
    lateCancellationChargeValue: Money,
    /** hours */
    lateCancellationPeriod: Int,
    lateCancellationText: t.string,
    cancellationRules: CancellationRule,
    /** 'Minimise after first booking' or another strategy name */
    minimiseGapsStrategy: t.string,
    alsoShowFirst: t.boolean,
    alsoShowLast: t.boolean,
  },
)
export type OrganisationPublic = t.TypeOf<typeof OrganisationPublic>

/**
 * GET /public/organisations/card-requirement: response not shown in the spec. Designed: whether a
 * stored card is required to book online, and which processor is in use.
 */
export const CardRequirement = entity('CardRequirement', { cardRequired: t.boolean }, { provider: t.string, message: t.string })
export type CardRequirement = t.TypeOf<typeof CardRequirement>

export const getPublicOrganisation = route({
  method: 'GET',
  path: '/public/organisations',
  access: 'public',
  summary: "The organisation's public settings",
  description: "The tenant's name, branding, booking rules and the options the booking flow shows, readable without signing in.",
  responses: { 200: OrganisationPublic, ...errors(404) },
})

export const getCardRequirement = route({
  method: 'GET',
  path: '/public/organisations/card-requirement',
  access: 'public',
  summary: 'Whether booking needs a stored card',
  description: 'Tells the booking flow whether a card must be on file before a booking is confirmed, and which card processor takes it.',
  responses: { 200: CardRequirement, ...errors(404) },
})
