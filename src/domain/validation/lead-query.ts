/** Lead form (/lead) configuration from its query parameters (spec sections 2 and 9). */
import { LEAD_ALWAYS_REQUIRED, LEAD_FORM_DEFAULTS, LEAD_FORM_FIELDS, type LeadFormField } from '../constants/lead-form'

/** A lead form field name (LEAD_FORM_FIELDS of src/domain/constants). */
export type LeadField = LeadFormField

/** The lead form's failure toast (here, beside the query, so that the page's first chunk has it without the checks). */
export const LEAD_CREATE_FAILED = "Sorry, your lead couldn't be created."

const DIAL_CODES: Readonly<Record<string, string>> = { gb: '+44', au: '+61' }

/** Dial code of a lead phone country (LEAD_COUNTRY_CODES: gb, au); +44 for anything else. */
export const leadDialCode = (country: string | null | undefined): string =>
  DIAL_CODES[(country ?? '').trim().toLowerCase()] ?? LEAD_FORM_DEFAULTS.dialCode

export interface LeadFormConfig {
  readonly font: string
  readonly textColour: string
  readonly backgroundColour: string
  readonly buttonColour?: string
  readonly buttonTextColour?: string
  /** Fields to show, in the order of the query's list (unknown names dropped, duplicates once). */
  readonly fields: readonly LeadField[]
  /** Required fields: the query's list plus firstName, surname and email. */
  readonly required: readonly LeadField[]
  /** Heading. */
  readonly title: string
  readonly interestedTitle: string
  readonly interested: readonly string[]
  /** The interested list shows only if 'interested' is in fields and options are given. */
  readonly showInterested: boolean
  readonly contactTitle: string
  /** Footer HTML, URL-decoded. */
  readonly footerText?: string
  readonly marketingText?: string
  readonly thankYouText: string
  readonly redirectUrl?: string
  /** When given, the free-text message box shows with this title. */
  readonly messageTitle?: string
  readonly phoneCountry: string
  readonly dialCode: string
}

export type LeadQuery = URLSearchParams | string | Readonly<Record<string, string | null | undefined>>

/** Reads the first of the given parameter names that is present. */
const toParams = (query: LeadQuery): ((...names: string[]) => string | undefined) => {
  const read: (name: string) => string | null | undefined =
    typeof query === 'string' || query instanceof URLSearchParams
      ? ((params) => (name: string) => params.get(name))(new URLSearchParams(query))
      : (name: string) => query[name]
  return (...names) => names.map(read).find((value) => value != null) ?? undefined
}

const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

const isLeadField = (value: string): value is LeadField => (LEAD_FORM_FIELDS as readonly string[]).includes(value)

const leadFields = (value: string | undefined): LeadField[] => [...new Set(commaList(value).filter(isLeadField))]

const nonEmpty = (value: string | undefined): string | undefined => {
  const text = value?.trim()
  return text === undefined || text === '' ? undefined : text
}

const urlDecoded = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>)

/**
 * Parses the /lead query. Parameter names: font, textColour (or textColor), backgroundColour (or
 * backgroundColor), buttonColour (or buttonColor), buttonTextColour (or buttonTextColor), fields, required, title, interestedTitle, interested, footerText, marketingText,
 * thankYouText, redirectUrl, messageTitle. firstName, surname and email are always required, so when
 * the fields list lacks them they are put first (in that order) so the form can be submitted.
 */
export const parseLeadQuery = (query: LeadQuery): LeadFormConfig => {
  const get = toParams(query)
  const listed = leadFields(get('fields'))
  const fields = [...LEAD_ALWAYS_REQUIRED.filter((f) => !listed.includes(f)), ...listed]
  const required = [...new Set([...LEAD_ALWAYS_REQUIRED, ...leadFields(get('required'))])]
  const interested = commaList(get('interested'))
  return {
    font: nonEmpty(get('font')) ?? LEAD_FORM_DEFAULTS.font,
    textColour: nonEmpty(get('textColour', 'textColor')) ?? LEAD_FORM_DEFAULTS.textColour,
    backgroundColour: nonEmpty(get('backgroundColour', 'backgroundColor')) ?? LEAD_FORM_DEFAULTS.backgroundColour,
    ...optional('buttonColour', nonEmpty(get('buttonColour', 'buttonColor'))),
    ...optional('buttonTextColour', nonEmpty(get('buttonTextColour', 'buttonTextColor'))),
    fields,
    required,
    title: nonEmpty(get('title')) ?? LEAD_FORM_DEFAULTS.title,
    interestedTitle: nonEmpty(get('interestedTitle')) ?? LEAD_FORM_DEFAULTS.interestedTitle,
    interested,
    showInterested: fields.includes('interested') && interested.length > 0,
    contactTitle: LEAD_FORM_DEFAULTS.contactTitle,
    ...optional('footerText', urlDecoded(nonEmpty(get('footerText')))),
    ...optional('marketingText', nonEmpty(get('marketingText'))),
    thankYouText: nonEmpty(get('thankYouText')) ?? LEAD_FORM_DEFAULTS.thankYouText,
    ...optional('redirectUrl', nonEmpty(get('redirectUrl'))),
    ...optional('messageTitle', nonEmpty(get('messageTitle'))),
    phoneCountry: LEAD_FORM_DEFAULTS.phoneCountry,
    dialCode: LEAD_FORM_DEFAULTS.dialCode,
  }
}
