/**
 * People constants (spec §9 "Titles (shared constants) ... Genders ... Referral sources (constants)",
 * §5 sign-up titles and genders, §6 "Roles named in shared constants: admin, customer, practitioner").
 */

export const TITLES = ['Dame', 'Dr', 'Lady', 'Lord', 'Miss', 'Mr', 'Mrs', 'Ms', 'Mx', 'Prof', 'Sir', 'Not selected'] as const
export type Title = (typeof TITLES)[number]

/** Titles offered on new-customer sign-up (§5). */
export const SIGN_UP_TITLES = ['Mrs', 'Miss', 'Ms', 'Mr', 'Mx', 'Dr'] as const
export type SignUpTitle = (typeof SIGN_UP_TITLES)[number]

export const GENDERS = ['Male', 'Female', 'Male trans', 'Female trans', 'Non-Binary', 'Not selected'] as const
export type Gender = (typeof GENDERS)[number]

/** Gender values offered on sign-up (§5: male, female, trans male, trans female). */
export const SIGN_UP_GENDERS = ['male', 'female', 'male-trans', 'female-trans'] as const
export type SignUpGender = (typeof SIGN_UP_GENDERS)[number]

/** What the sign-up forms (the customer's and the desk's) show for each value (§5's wording). */
export const SIGN_UP_GENDER_LABELS: Readonly<Record<SignUpGender, string>> = { male: 'Male', female: 'Female', 'male-trans': 'Trans male', 'female-trans': 'Trans female' }

/** Gender values that select the male default treatment photo (§3). */
export const MALE_PHOTO_GENDERS = ['male', 'male-trans'] as const

export const REFERRAL_SOURCES = [
  'Word of mouth',
  'Website',
  'Instagram',
  'Facebook',
  'Twitter',
  'Walk past',
  'Internet',
  'Google search',
  'Friend',
  'Dr referral',
  'Other',
] as const
export type ReferralSource = (typeof REFERRAL_SOURCES)[number]

export const ROLES = { admin: 'admin', customer: 'customer', practitioner: 'practitioner' } as const
export type Role = (typeof ROLES)[keyof typeof ROLES]

export const MARKETING_TYPES = ['Email', 'SMS'] as const
export type MarketingType = (typeof MARKETING_TYPES)[number]

export const DEFAULT_COUNTRY = { value: 'GB', label: 'United Kingdom' } as const
