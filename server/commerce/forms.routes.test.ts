import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_FORM_IDS, SEED_FORM_PASSWORD } from './commerce.seed'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'

let t: TestServer
/** The server's clock: the real time unless a test sets an instant (and puts it back). */
let fixedNow: number | undefined
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(fixedNow ?? Date.now()) })
})
afterAll(() => t.close())

const get = (id: string, query = '', tenant?: string) =>
  t.app.inject({ method: 'GET', url: `/api/forms/user-form/${id}${query}`, headers: tenant ? { 'x-tenant': tenant } : {} })
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload })
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const medicalAnswers = {
  'mh-gp': 'Dr Patel, High St Surgery',
  'mh-conditions': true,
  'mh-pregnant': 'No',
  'mh-current-medicines': ['warfarin', 'metformin'],
  'mh-medication': { answer: 'Yes', sub: ['Metformin'] },
  'mh-surgery': { answer: 'No' },
  'mh-conditions-list': { answer: 'Yes', sub: [{ value: 'Diabetes', info: 'type 2' }] },
  'mh-skin': '3',
  'mh-sign': PNG,
}

describe('forms sent to customers', () => {
  it('opens the seeded consent form with the customer, not signed yet', async () => {
    const res = await get(SEED_FORM_IDS.consent)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: SEED_FORM_IDS.consent, type: 'consent', isSigned: false, isUpdated: false, customer: { id: DEMO.customerDemo, firstName: 'Jane', surname: 'Doe' } })
    expect(res.json().model.consent).toContain('I consent to the treatment')
  })

  it('answers 404 "Form not found." for an unknown id and for another tenant, 400 for a bad id', async () => {
    expect((await get('ffffffffffffffffffffffff')).json()).toEqual({ statusCode: 404, message: 'Form not found.' })
    expect((await get(SEED_FORM_IDS.consent, '', 'other')).statusCode).toBe(404)
    expect((await get('nope')).statusCode).toBe(400)
  })

  it('checks the password of a protected form', async () => {
    expect((await get(SEED_FORM_IDS.protectedGeneral)).statusCode).toBe(401)
    const wrong = await get(SEED_FORM_IDS.protectedGeneral, '?password=wrong')
    expect(wrong.json()).toEqual({ statusCode: 401, message: 'The password for this form is not correct.' })
    expect((await get(SEED_FORM_IDS.protectedGeneral, `?password=${SEED_FORM_PASSWORD}`)).json()).toMatchObject({ type: 'general', isUpdated: false })
    const url = `/api/forms/user-form/update/${SEED_FORM_IDS.protectedGeneral}/public`
    expect((await post(url, { data: { 'g-happy': 'Yes' }, password: 'wrong' })).statusCode).toBe(401)
    expect((await post(url, { data: { 'g-happy': 'Yes' }, password: SEED_FORM_PASSWORD })).statusCode).toBe(200)
  })

  it('signs a consent form once; an empty or non-image signature is refused', async () => {
    const url = `/api/forms/user-form/sign/${SEED_FORM_IDS.consent}/public`
    expect((await post(url, { signature: '' })).statusCode).toBe(400)
    expect((await post(url, { signature: 'data:,' })).json()).toEqual({ statusCode: 400, message: 'The signature must be an image.' })
    expect((await post(url, { signature: 'javascript:alert(1)' })).statusCode).toBe(400)
    const signed = await post(url, { signature: PNG })
    expect(signed.statusCode, signed.body).toBe(200)
    expect((await get(SEED_FORM_IDS.consent)).json()).toMatchObject({ isSigned: true, signature: PNG })
    expect((await post(url, { signature: PNG })).json()).toEqual({ statusCode: 409, message: 'Consent form already signed' })
  })

  it('validates medical answers with the domain rules, then stores them once', async () => {
    const url = `/api/forms/user-form/update/${SEED_FORM_IDS.medical}/public`
    const form = (await get(SEED_FORM_IDS.medical)).json()
    expect(form.model.fields.length).toBe(31)
    expect(form.model.fields.find((f: { id: string }) => f.id === 'mh-current-medicines')).toMatchObject({ useDrugList: true })
    expect((await post(url, { data: {} })).json()).toEqual({ statusCode: 400, message: 'field GP name and surgery is required' })
    expect((await post(url, { data: { ...medicalAnswers, 'mh-conditions': false } })).json()).toEqual({ statusCode: 400, message: 'field I have read the pre-treatment advice should be checked' })
    expect((await post(url, { data: { ...medicalAnswers, 'mh-sign': '' } })).json()).toEqual({ statusCode: 400, message: 'field Patient signature needs to be signed' })
    expect((await post(url, { data: { ...medicalAnswers, 'mh-conditions-list': { answer: 'Yes', sub: [] } } })).json()).toEqual({ statusCode: 400, message: 'Need to add at least 1 option to field Do you have any medical conditions?' })
    expect((await post(url, { data: 'all' })).statusCode).toBe(400)
    const saved = await post(url, { data: { ...medicalAnswers, 'not-a-field': 'x' } })
    expect(saved.statusCode, saved.body).toBe(200)
    const after = (await get(SEED_FORM_IDS.medical)).json()
    expect(after.isUpdated).toBe(true)
    expect(after.data['mh-gp']).toBe('Dr Patel, High St Surgery')
    expect(after.data['not-a-field']).toBeUndefined()
    expect((await post(url, { data: medicalAnswers })).json()).toEqual({ statusCode: 409, message: 'This form has already been completed.' })
  })
})

describe('leads', () => {
  const lead = { firstName: 'Ann', surname: 'Lee', email: ' Ann.Lee@Example.com ', marketingTypes: ['Email'], interested: ['Laser'], message: 'Call me after 5pm' }
  const postLead = (payload: object, query = '?from=customer', ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/customers-lead${query}`, payload, remoteAddress: ip })

  it('stores a valid lead with status Open', async () => {
    const res = await postLead(lead)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'Open', firstName: 'Ann', surname: 'Lee', email: 'ann.lee@example.com', marketingTypes: ['Email'], interested: ['Laser'] })
    const row = await t.db.withTables<{ commerce_leads: { id: string; tenant: string; status: string } }>().selectFrom('commerce_leads').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ tenant_id: 'demo', status: 'Open' })
  })

  it('refuses missing and invalid fields with the lead form texts', async () => {
    expect((await postLead({ surname: 'Lee', email: 'a@b.co' }, '?from=customer', '10.0.0.2')).statusCode).toBe(400)
    expect((await postLead({ ...lead, email: 'nope' }, '?from=customer', '10.0.0.2')).json()).toEqual({ statusCode: 400, message: 'Please enter a valid email address' })
    expect((await postLead({ ...lead, required: ['mobilePhone'] }, '?from=customer', '10.0.0.2')).json()).toEqual({ statusCode: 400, message: 'Phone is required' })
    expect((await postLead({ ...lead, mobilePhone: '123' }, '?from=customer', '10.0.0.2')).json()).toEqual({ statusCode: 400, message: 'Enter a valid mobile number' })
    expect((await postLead({ ...lead, required: ['gender'] }, '?from=customer', '10.0.0.2')).json()).toEqual({ statusCode: 400, message: 'Gender is required' })
    expect((await postLead(lead, '?from=staff', '10.0.0.2')).statusCode).toBe(400)
  })

  it("refuses a date of birth after the server's London date with the sign-up text; today is accepted", async () => {
    fixedNow = Date.parse('2026-06-15T23:30:00Z') // 00:30 on 16 June in London
    try {
      for (const dateOfBirth of ['2026-06-17T12:00:00.00Z', '2090-01-01T12:00:00.00Z']) {
        const res = await postLead({ ...lead, dateOfBirth }, '?from=customer', '10.0.0.3')
        expect(res.json()).toEqual({ statusCode: 400, message: 'Date of birth cannot be in the future.' })
      }
      const today = await postLead({ ...lead, dateOfBirth: '2026-06-16T12:00:00.00Z' }, '?from=customer', '10.0.0.3')
      expect(today.statusCode, today.body).toBe(200)
      expect(today.json().dateOfBirth).toBe('2026-06-16T12:00:00.00Z')
    } finally {
      fixedNow = undefined
    }
  })

  it('is rate limited per client', async () => {
    const codes: number[] = []
    for (let i = 0; i < 12; i++) codes.push((await postLead(lead, '?from=customer', '10.0.0.9')).statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    expect(codes.at(-1)).toBe(429)
  })
})
