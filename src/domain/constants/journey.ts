/**
 * Journey and form constants (spec §9 "Journey steps order: home, client-details, forms,
 * form-complete, summary, practitioner-forms, photos. Form types: Consent, Medical, General,
 * Aftercare", §3 user form types).
 */

export const JOURNEY_STEPS = ['home', 'client-details', 'forms', 'form-complete', 'summary', 'practitioner-forms', 'photos'] as const
export type JourneyStep = (typeof JOURNEY_STEPS)[number]

export const FORM_TYPES = ['Consent', 'Medical', 'General', 'Aftercare'] as const
export type FormType = (typeof FORM_TYPES)[number]
/** Lower-case user form types as the API sends them. */
export const USER_FORM_TYPES = ['consent', 'general', 'medical', 'aftercare'] as const
export type UserFormType = (typeof USER_FORM_TYPES)[number]
