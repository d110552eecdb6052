import { makeAutoObservable, observable, observableRef, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js'
import { GetCurrentUser, UpdatePersonalDetails } from '../../application/use-cases/auth.use-case'
import { ListCountries } from '../../application/use-cases/catalogue.use-case'
import type { Country, CurrentUser } from '../../contract/customers.codecs'
import { DEFAULT_COUNTRY, GENDERS, MARKETING_TYPES, TITLES, type MarketingType } from '../../domain/constants/people'
import { PREFERRED_PHONE_COUNTRIES } from '../../domain/constants/lead-form'
import { isoToDateOfBirth, londonDateOf } from '../../domain/time'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'
import { phoneCountryFor, type CountryCode } from '../../domain/validation/phone'
import {
  personalDetailsGenders, personalDetailsTitles, validatePersonalDetails,
  type PersonalDetailsRequiredField,
} from '../../domain/validation/personal-details'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import type { Exec } from './app-services'


export const TITLE_OPTIONS = personalDetailsTitles(TITLES).filter((t) => t !== 'Not selected')
export const GENDER_OPTIONS = personalDetailsGenders(GENDERS).filter((g) => g !== 'Not selected')

/** The sign-up form's gender values, shown with the account's labels. */
const SIGN_UP_GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', 'male-trans': 'Male trans', 'female-trans': 'Female trans', 'non-binary': 'Non-Binary' }

export interface PersonalDetailsForm {
  title: string
  firstName: string
  middleName: string
  surname: string
  gender: string
  /** dd/MM/yyyy */
  dateOfBirth: string
  mobilePhone: string
  address1: string
  address2: string
  city: string
  county: string
  postCode: string
  /** country code, e.g. 'GB' */
  country: string
  marketingTypes: MarketingType[]
}

export type PersonalDetailsField = Exclude<keyof PersonalDetailsForm, 'marketingTypes'>

const emptyForm = (): PersonalDetailsForm => ({
  title: '', firstName: '', middleName: '', surname: '', gender: '', dateOfBirth: '', mobilePhone: '',
  address1: '', address2: '', city: '', county: '', postCode: '', country: DEFAULT_COUNTRY.value, marketingTypes: [],
})

function normaliseGender(value: string | undefined): string {
  if (!value) return ''
  const known = GENDER_OPTIONS.find((g) => g.toLowerCase() === value.toLowerCase())
  return known ?? SIGN_UP_GENDER_LABELS[value.toLowerCase()] ?? value
}

export interface PhoneCountryOption {
  code: CountryCode
  label: string
}

/** Phone countries: the preferred ones (gb, fr, it, es, ie) first, then every other by name. */
export function phoneCountryOptions(locale = 'en'): PhoneCountryOption[] {
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' })
  } catch {
    names = undefined
  }
  const label = (code: CountryCode) => `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})`
  const preferred = PREFERRED_PHONE_COUNTRIES.map((c) => c.toUpperCase() as CountryCode)
  const rest = getCountries().filter((c) => !preferred.includes(c)).map((code) => ({ code, label: label(code) }))
  rest.sort((a, b) => a.label.localeCompare(b.label))
  return [...preferred.map((code) => ({ code, label: label(code) })), ...rest]
}

/**
 * Personal details form of the customer area (spec section 5 'Personal details'): loads the current
 * customer and the country list, validates with the domain rules (first missing field, phone per
 * country), saves with 'Data saved successfully', and tracks unsaved changes for the tab dialog.
 */
@injectable()
export class PersonalDetailsViewModel {
  form: PersonalDetailsForm = emptyForm()
  private snapshot = JSON.stringify(emptyForm())
  /** the phone country of the saved number (a change of country alone is an unsaved change) */
  private savedPhoneCountry: CountryCode = 'GB'
  email = ''
  countries: Country[] = [DEFAULT_COUNTRY]
  phoneCountry: CountryCode = 'GB'
  /** the first problem found, as the spec words it */
  error?: string = undefined
  errorField?: PersonalDetailsRequiredField = undefined
  loading = false
  loaded = false
  saving = false

  constructor(
    @inject(GetCurrentUser) private readonly currentUser: Exec<GetCurrentUser>,
    @inject(UpdatePersonalDetails) private readonly update: Exec<UpdatePersonalDetails>,
    @inject(ListCountries) private readonly listCountries: Exec<ListCountries>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<PersonalDetailsViewModel, 'currentUser' | 'update' | 'listCountries' | 'session' | 'toasts' | 'clock' | 'savedPhoneCountry'>(this, {
      currentUser: false, update: false, listCountries: false, session: false, toasts: false, clock: false, savedPhoneCountry: observable,
      // the server's list, replaced whole: ~250 countries were each made observable (issue 18)
      countries: observableRef,
    })
  }

  get dirty(): boolean {
    return this.loaded && (JSON.stringify(this.form) !== this.snapshot || this.phoneCountry !== this.savedPhoneCountry)
  }

  get isValid(): boolean {
    return E.isRight(validatePersonalDetails(this.input, this.phoneCountry, londonDateOf(this.clock.now())))
  }

  get titleOptions(): string[] {
    return this.form.title && !TITLE_OPTIONS.includes(this.form.title as never) ? [this.form.title, ...TITLE_OPTIONS] : [...TITLE_OPTIONS]
  }

  get genderOptions(): string[] {
    return this.form.gender && !GENDER_OPTIONS.includes(this.form.gender as never) ? [this.form.gender, ...GENDER_OPTIONS] : [...GENDER_OPTIONS]
  }

  get dialCode(): string {
    return `+${getCountryCallingCode(this.phoneCountry)}`
  }

  private get countryOption(): Country | undefined {
    return this.countries.find((c) => c.value === this.form.country) ?? (this.form.country === '' ? { value: '', label: '' } : undefined)
  }

  private get input() {
    const f = this.form
    return {
      title: f.title, firstName: f.firstName, middleName: f.middleName, surname: f.surname, gender: f.gender,
      dateOfBirth: f.dateOfBirth, address1: f.address1, address2: f.address2, city: f.city, county: f.county,
      postCode: f.postCode, country: this.countryOption, mobilePhone: f.mobilePhone,
    }
  }

  async load(): Promise<void> {
    this.loading = true
    const [user, countries] = await Promise.all([this.currentUser.execute(), this.listCountries.execute()])
    runInAction(() => {
      if (E.isRight(countries) && countries.right.length > 0) this.countries = countries.right
      if (E.isRight(user)) this.fill(user.right)
      else this.toasts.show(user.left.message)
      this.loading = false
    })
  }

  /** Fills the form from the customer record and remembers it as the saved state. */
  fill(user: CurrentUser): void {
    const parsed = user.mobilePhone ? parsePhoneNumberFromString(user.mobilePhone, phoneCountryFor(this.session.organisation?.country)) : undefined
    this.phoneCountry = parsed?.country ?? phoneCountryFor(user.country?.value ?? this.session.organisation?.country)
    this.email = user.email
    if (user.country && !this.countries.some((c) => c.value === user.country?.value)) this.countries = [user.country, ...this.countries]
    this.form = {
      title: user.title === 'Not selected' ? '' : (user.title ?? ''),
      firstName: user.firstName ?? '',
      middleName: user.middleName ?? '',
      surname: user.surname ?? '',
      gender: user.gender === 'Not selected' ? '' : normaliseGender(user.gender),
      dateOfBirth: user.dateOfBirth ? (isoToDateOfBirth(user.dateOfBirth) ?? '') : '',
      mobilePhone: parsed ? parsed.formatNational() : (user.mobilePhone ?? ''),
      address1: user.address1 ?? '',
      address2: user.address2 ?? '',
      city: user.city ?? '',
      county: user.county ?? '',
      postCode: user.postCode ?? '',
      country: user.country?.value ?? DEFAULT_COUNTRY.value,
      marketingTypes: (user.marketingTypes ?? []).filter((m): m is MarketingType => (MARKETING_TYPES as readonly string[]).includes(m)),
    }
    this.snapshot = JSON.stringify(this.form)
    this.savedPhoneCountry = this.phoneCountry
    this.error = undefined
    this.errorField = undefined
    this.loaded = true
  }

  setField(field: PersonalDetailsField, value: string): void {
    this.form[field] = value
    if (this.errorField === field || (field === 'mobilePhone' && this.errorField === 'mobilePhone')) {
      this.error = undefined
      this.errorField = undefined
    }
  }

  setPhoneCountry(code: CountryCode): void {
    this.phoneCountry = code
    if (this.errorField === 'mobilePhone') {
      this.error = undefined
      this.errorField = undefined
    }
  }

  toggleMarketing(type: MarketingType, on: boolean): void {
    const others = this.form.marketingTypes.filter((t) => t !== type)
    this.form.marketingTypes = on ? MARKETING_TYPES.filter((t) => t === type || others.includes(t)) : others
  }

  errorFor(field: PersonalDetailsField): string | undefined {
    return this.errorField === field ? this.error : undefined
  }

  /** Throws away unsaved changes. */
  discard(): void {
    this.form = JSON.parse(this.snapshot) as PersonalDetailsForm
    this.phoneCountry = this.savedPhoneCountry
    this.error = undefined
    this.errorField = undefined
  }

  /** Validates and saves; true when saved. */
  async save(): Promise<boolean> {
    const user = this.session.user
    if (!user) return false
    const result = validatePersonalDetails(this.input, this.phoneCountry, londonDateOf(this.clock.now()))
    if (E.isLeft(result)) {
      const [field, message] = Object.entries(result.left)[0] as [PersonalDetailsRequiredField, string]
      this.errorField = field
      this.error = message
      return false
    }
    const p = result.right
    this.saving = true
    const saved = await this.update.execute(user.id, {
      title: p.title,
      firstName: p.firstName,
      ...(p.middleName?.trim() ? { middleName: p.middleName.trim() } : {}),
      surname: p.surname,
      gender: p.gender,
      dateOfBirth: p.dateOfBirth,
      mobilePhone: p.mobilePhone,
      address1: p.address1,
      address2: p.address2?.trim() ?? '',
      city: p.city,
      county: p.county?.trim() ?? '',
      postCode: p.postCode,
      country: p.country,
      marketingTypes: [...this.form.marketingTypes],
    })
    return runInAction(() => {
      this.saving = false
      if (E.isLeft(saved)) {
        this.toasts.show(saved.left.message)
        return false
      }
      this.fill({ ...saved.right.customer })
      if (this.session.user) this.session.user = { ...this.session.user, firstName: saved.right.customer.firstName, surname: saved.right.customer.surname }
      this.toasts.show(saved.right.message, 'success')
      return true
    })
  }
}
