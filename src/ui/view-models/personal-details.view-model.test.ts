import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { PersonalDetailsViewModel, GENDER_OPTIONS, TITLE_OPTIONS, phoneCountryOptions } from './personal-details.view-model'
import { CUSTOMER, useCase, world } from './account.view-model.test-support'
import type { CurrentUser } from '../../contract/customers.codecs'
import type { CustomerUpdate } from '../../contract/customers.routes'

const FULL: CurrentUser = {
  ...CUSTOMER,
  surname: 'Doe',
  title: 'Ms',
  gender: 'female',
  dateOfBirth: '1990-05-01T12:00:00.000Z',
  mobilePhone: '+447700900123',
  address1: '1 High Street',
  city: 'London',
  postCode: 'SW1A 1AA',
  country: { value: 'GB', label: 'United Kingdom' },
  marketingTypes: ['Email'],
}

function setup(user: CurrentUser = FULL, save: (id: string, body: CustomerUpdate) => unknown = (_id, body) => E.right({ customer: { ...user, ...body }, message: 'Data saved successfully' })) {
  const w = world()
  const current = useCase(() => E.right(user))
  const update = useCase(save as never)
  const countries = useCase(() => E.right([{ value: 'GB', label: 'United Kingdom' }, { value: 'FR', label: 'France' }]))
  const vm = new PersonalDetailsViewModel(current as never, update as never, countries as never, w.session, w.toasts, w.clock)
  return { ...w, vm, update, countries }
}

describe('PersonalDetailsViewModel', () => {
  it('offers titles and genders without custom or Not selected', () => {
    expect(TITLE_OPTIONS).toContain('Dr')
    expect(TITLE_OPTIONS).not.toContain('Not selected')
    expect(GENDER_OPTIONS).toEqual(['Male', 'Female', 'Male trans', 'Female trans', 'Non-Binary'])
  })

  it('lists the preferred phone countries first', () => {
    expect(phoneCountryOptions().slice(0, 5).map((o) => o.code)).toEqual(['GB', 'FR', 'IT', 'ES', 'IE'])
    expect(phoneCountryOptions()[0]!.label).toBe('United Kingdom (+44)')
  })

  it('fills the form from the customer: date of birth dd/MM/yyyy, phone national with its country, country list', async () => {
    const { vm } = setup()
    await vm.load()
    expect(vm.form).toMatchObject({ title: 'Ms', gender: 'Female', dateOfBirth: '01/05/1990', mobilePhone: '07700 900123', country: 'GB', marketingTypes: ['Email'] })
    expect(vm.phoneCountry).toBe('GB')
    expect(vm.countries.map((c) => c.value)).toEqual(['GB', 'FR'])
    expect(vm.dirty).toBe(false)
  })

  it('a changed phone country alone is an unsaved change too, and discard restores it', async () => {
    const { vm } = setup()
    await vm.load()
    expect(vm.phoneCountry).toBe('GB')
    vm.setPhoneCountry('FR')
    expect(vm.dirty).toBe(true)
    vm.discard()
    expect(vm.phoneCountry).toBe('GB')
    expect(vm.dirty).toBe(false)
  })

  it('becomes dirty when a field changes and clean after discard', async () => {
    const { vm } = setup()
    await vm.load()
    vm.setField('city', 'Leeds')
    expect(vm.dirty).toBe(true)
    vm.discard()
    expect(vm.form.city).toBe('London')
    expect(vm.dirty).toBe(false)
  })

  it('reports the first missing required field with the spec text', async () => {
    const { vm, update } = setup()
    await vm.load()
    vm.setField('surname', '')
    vm.setField('city', '')
    expect(await vm.save()).toBe(false)
    expect(vm.error).toBe('The following field is required: Surname')
    expect(vm.errorFor('surname')).toBe('The following field is required: Surname')
    expect(update.execute).not.toHaveBeenCalled()
  })

  it('rejects an impossible date of birth, saying so', async () => {
    const { vm } = setup()
    await vm.load()
    vm.setField('dateOfBirth', '31/02/1990')
    await vm.save()
    expect(vm.error).toBe('Please enter a valid date.')
  })

  it('a date of birth in the future is shown at its field, not sent (the server refused it with a toast)', async () => {
    const { vm, update } = setup()
    await vm.load()
    vm.setField('dateOfBirth', '02/06/2026') // the suite's clock: 1 June 2026
    expect(await vm.save()).toBe(false)
    expect(vm.errorField).toBe('dateOfBirth')
    expect(vm.error).toBe('Date of birth cannot be in the future.')
    expect(update.execute).not.toHaveBeenCalled()
  })

  it('rejects a bad phone number for the chosen country, and a 0 after the dial code', async () => {
    const { vm } = setup()
    await vm.load()
    vm.setField('mobilePhone', '12345')
    await vm.save()
    expect(vm.error).toBe('Need to add a valid phone number')
    vm.setField('mobilePhone', '+44 07700 900123')
    await vm.save()
    expect(vm.error).toBe('Need to add a valid phone number')
  })

  it('validates the phone per country', async () => {
    const { vm } = setup()
    await vm.load()
    vm.setPhoneCountry('FR')
    vm.setField('mobilePhone', '06 12 34 56 78')
    expect(vm.isValid).toBe(true)
    vm.setPhoneCountry('GB')
    expect(vm.isValid).toBe(false)
  })

  it('saves E.164 phone, date at 12:00 UTC, country and marketing preferences, then toasts Data saved successfully', async () => {
    const { vm, update, toasts, session } = setup()
    await vm.load()
    vm.setField('firstName', ' Janet ')
    vm.toggleMarketing('SMS', true)
    vm.setField('country', 'FR')
    expect(await vm.save()).toBe(true)
    const [id, body] = update.execute.mock.calls[0] as unknown as [string, CustomerUpdate]
    expect(id).toBe(CUSTOMER.id)
    expect(body).toMatchObject({
      firstName: 'Janet', mobilePhone: '+447700900123', dateOfBirth: '1990-05-01T12:00:00.000Z',
      country: { value: 'FR', label: 'France' }, marketingTypes: ['Email', 'SMS'],
    })
    expect(toasts.toasts.map((t) => t.text)).toEqual(['Data saved successfully'])
    expect(vm.dirty).toBe(false)
    expect(session.user?.firstName).toBe('Janet')
  })

  it('unticking a marketing preference removes it', async () => {
    const { vm } = setup()
    await vm.load()
    vm.toggleMarketing('Email', false)
    expect(vm.form.marketingTypes).toEqual([])
  })

  it('a failed save shows the server message as a toast and stays dirty', async () => {
    const { vm, toasts } = setup(FULL, () => E.left({ _tag: 'Refused', status: 400, message: 'Invalid postcode' }))
    await vm.load()
    vm.setField('postCode', 'XX')
    expect(await vm.save()).toBe(false)
    expect(toasts.toasts.map((t) => t.text)).toEqual(['Invalid postcode'])
    expect(vm.dirty).toBe(true)
  })

  it('a customer without a country defaults to United Kingdom', async () => {
    const { vm } = setup({ ...FULL, country: undefined })
    await vm.load()
    expect(vm.form.country).toBe('GB')
  })
})
