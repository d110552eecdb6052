import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import {
  firstMissingPersonalDetail,
  type PersonalDetailsInput,
  personalDetailsGenders,
  personalDetailsTitles,
  validatePersonalDetails,
} from './personal-details'

const valid: PersonalDetailsInput = {
  title: 'Mr',
  firstName: ' John ',
  surname: 'Smith',
  gender: 'Male',
  dateOfBirth: '15/08/1980',
  address1: '1 High Street',
  city: 'London',
  postCode: 'SW1A 1AA',
  mobilePhone: '+44 7700 900123',
}

describe('validatePersonalDetails', () => {
  it('defaults the country to United Kingdom and normalises date and phone', () => {
    expect(validatePersonalDetails(valid)).toEqual(
      E.right({
        ...valid,
        firstName: 'John',
        country: { value: 'GB', label: 'United Kingdom' },
        dateOfBirth: '1980-08-15T12:00:00.000Z',
        mobilePhone: '+447700900123',
      }),
    )
  })

  it('keeps a chosen country', () => {
    const country = { value: 'IE', label: 'Ireland' }
    const result = validatePersonalDetails({ ...valid, country, mobilePhone: '+353 85 123 4567' }, 'IE')
    expect(E.isRight(result) && result.right.country).toEqual(country)
  })

  it.each<[Partial<PersonalDetailsInput>, string, string]>([
    [{ title: '' }, 'title', 'The following field is required: Title'],
    [{ title: 'Not selected' }, 'title', 'The following field is required: Title'],
    [{ title: 'custom' }, 'title', 'The following field is required: Title'],
    [{ firstName: ' ' }, 'firstName', 'The following field is required: First name'],
    [{ surname: '' }, 'surname', 'The following field is required: Surname'],
    [{ gender: 'Custom' }, 'gender', 'The following field is required: Gender'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'The following field is required: Date of birth'],
    [{ dateOfBirth: '32/01/1980' }, 'dateOfBirth', 'Please enter a valid date.'],
    [{ dateOfBirth: '31/02/1990' }, 'dateOfBirth', 'Please enter a valid date.'],
    [{ address1: '' }, 'address1', 'The following field is required: Address line 1'],
    [{ city: '' }, 'city', 'The following field is required: City'],
    [{ postCode: '' }, 'postCode', 'The following field is required: Postcode'],
    [{ country: { value: '', label: '' } }, 'country', 'The following field is required: Country'],
    [{ mobilePhone: '' }, 'mobilePhone', 'The following field is required: Mobile phone'],
    [{ mobilePhone: '+44 07700 900123' }, 'mobilePhone', 'Need to add a valid phone number'],
    // only the FIRST missing field is reported, in label order
    [{ surname: '', city: '', title: '' }, 'title', 'The following field is required: Title'],
    [{ postCode: '', surname: '' }, 'surname', 'The following field is required: Surname'],
  ])('%o fails on %s', (change, field, message) => {
    expect(validatePersonalDetails({ ...valid, ...change })).toEqual(E.left({ [field]: message }))
  })

  it("a date of birth after `today` (London) is refused at its field, as the server refuses it; today is fine", () => {
    expect(validatePersonalDetails({ ...valid, dateOfBirth: '29/11/2026' }, 'GB', '2026-11-28')).toEqual(E.left({ dateOfBirth: 'Date of birth cannot be in the future.' }))
    expect(E.isRight(validatePersonalDetails({ ...valid, dateOfBirth: '28/11/2026' }, 'GB', '2026-11-28'))).toBe(true)
  })

  it('firstMissingPersonalDetail names the field and its label', () => {
    expect(firstMissingPersonalDetail({ ...valid, city: '' })).toEqual(['city', 'City'])
    expect(firstMissingPersonalDetail(valid)).toBeUndefined()
  })

  it('option lists exclude custom', () => {
    expect(personalDetailsTitles(['Mr', 'Ms', 'custom'])).toEqual(['Mr', 'Ms'])
    expect(personalDetailsGenders(['Male', 'Female', 'Custom'])).toEqual(['Male', 'Female'])
  })
})
