/**
 * Lead form defaults (spec §9 "Lead form defaults: font Inter, sans-serif; text colour black;
 * background white; texts 'Treatments interested in', 'How should we contact you?'; phone country gb,
 * dial code +44; country codes United Kingdom gb, Australia au", §2 lead form texts and field order).
 */

export const LEAD_FORM_DEFAULTS = {
  font: 'Inter, sans-serif',
  textColour: 'black',
  backgroundColour: 'white',
  interestedTitle: 'Treatments interested in',
  contactTitle: 'How should we contact you?',
  title: 'Submit on enquiry',
  thankYouText: "Thank you for your enquiry, we'll be in touch as soon as we can",
  phoneCountry: 'gb',
  dialCode: '+44',
} as const

export const LEAD_COUNTRY_CODES = [
  { name: 'United Kingdom', code: 'gb' },
  { name: 'Australia', code: 'au' },
] as const

export const LEAD_FORM_FIELDS = ['title', 'firstName', 'surname', 'email', 'gender', 'dateOfBirth', 'mobilePhone', 'referralSource', 'interested'] as const
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number]
/** Always required, whatever the query says. */
export const LEAD_ALWAYS_REQUIRED: readonly LeadFormField[] = ['firstName', 'surname', 'email']

export const PREFERRED_PHONE_COUNTRIES = ['gb', 'fr', 'it', 'es', 'ie'] as const
export const PHONE_MAX_LENGTH = 20
