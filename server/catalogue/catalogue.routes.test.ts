import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, seededDay } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer()
})
afterAll(() => t.close())

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers })

describe('organisation and links', () => {
  it('GET /public/organisations/card-requirement and /public/links (with the websocket URL)', async () => {
    expect((await get('/public/organisations/card-requirement')).json()).toEqual({ cardRequired: false, provider: 'sandbox' })
    const links = await get('/public/links', { host: 'localhost:3000' })
    expect(links.json().websocket).toBe('ws://localhost:3000/api/ws')
  })
})

describe('clinics', () => {
  it('/public-clinics lists the clinics shown online; /clinics every clinic', async () => {
    const online = (await get('/public-clinics')).json()
    expect(online.map((c: { id: string }) => c.id)).toEqual([DEMO.clinicLondon, DEMO.clinicManchester])
    expect(online[0]).toMatchObject({ accountName: 'Harley Aesthetics London', address: { line1: '12 Harley Street', line2: 'Marylebone', city: 'London' } })
    // beyond the spec's shape (issue 17): how to contact the clinic, and its picture
    expect(online[0]).toMatchObject({ phone: '+44 20 7946 0123', email: 'london@harley-aesthetics.example', photo: '/demo/clinic-london.svg' })
    const all = (await get('/clinics')).json()
    expect(all).toHaveLength(3)
    expect(all.find((c: { id: string }) => c.id === DEMO.clinicHeadOffice).showOnline).toBe(false)
  })
})

describe('categories', () => {
  it('lists the tree with per-location visibility', async () => {
    const london = (await get(`/categories?clinic=${DEMO.clinicLondon}&fromCustomer=true&skip=0&count=15&isFromOrg=false`)).json()
    const names = london.map((c: { name: string }) => c.name)
    expect(names).toEqual(['Facial aesthetics', 'Skin', 'Wellness'])
    const skin = london.find((c: { id: string }) => c.id === DEMO.catSkin)
    expect(skin.subCategories.map((s: { id: string }) => s.id)).toEqual([DEMO.catPeels]) // Laser is not online in London
    const manchester = (await get(`/categories?clinic=${DEMO.clinicManchester}&fromCustomer=true&offset=0&limit=1500`)).json()
    expect(manchester.map((c: { name: string }) => c.name)).toEqual(['Facial aesthetics', 'Skin', 'Body'])
    expect((await get('/categories?count=2')).json()).toHaveLength(2)
    expect((await get('/categories?count=many')).statusCode).toBe(400)
  })

  it('GET /categories/{id}', async () => {
    expect((await get(`/categories/${DEMO.catFace}`)).json()).toMatchObject({ id: DEMO.catFace, subCategories: [{ id: DEMO.catAntiWrinkle }, { id: DEMO.catFillers }] })
    expect((await get(`/categories/${DEMO.catFillers}`)).json()).toMatchObject({ id: DEMO.catFillers, parentCategory: DEMO.catFace })
    expect((await get('/categories/ffffffffffffffffffffffff')).json()).toEqual({ statusCode: 404, message: 'Category not found.' })
    expect((await get('/categories/zzz')).statusCode).toBe(400)
  })
})

describe('services', () => {
  it('lists online services of a category at a clinic with From prices and durations', async () => {
    const list = (await get(`/services/public?clinic=${DEMO.clinicLondon}&category=${DEMO.catAntiWrinkle}&start=0&count=15`)).json()
    const one = list.find((s: { id: string }) => s.id === DEMO.sAntiWrinkle1)
    expect(one.metadata).toEqual({ price: 150, lowestPrice: 150, highestPrice: 180, lowestDuration: 30, highestDuration: 45 })
    expect(one.staffs).toEqual([
      { id: DEMO.pSarah, displayName: 'Dr Sarah Jones', grossPrice: 180, netPrice: 150, duration: 30 },
      { id: DEMO.pJames, displayName: 'James Patel', grossPrice: 150, netPrice: 125, duration: 45 },
    ])
    expect(one).toMatchObject({ taxType: '20% VAT', itemTax: { rate: 20 }, availability: 'BOOK_AND_SELL' })
  })

  it('hides BOOK_ONLY services online but lists a service nobody performs', async () => {
    const fillers = (await get(`/services/public?clinic=${DEMO.clinicLondon}&category=${DEMO.catFillers}`)).json()
    expect(fillers.map((s: { id: string }) => s.id)).not.toContain(DEMO.sTouchUp)
    const face = (await get(`/services/public?clinic=${DEMO.clinicLondon}&category=${DEMO.catFace}&offset=0&pageSize=20`)).json()
    expect(face.find((s: { id: string }) => s.id === DEMO.sThreadLift).staffs).toEqual([])
    expect((await get(`/services/public?clinic=${DEMO.clinicManchester}&category=${DEMO.catFillers}`)).json()).toEqual([])
    expect((await get('/services/public?count=-x')).statusCode).toBe(400)
  })

  it('GET /services/public/{id}', async () => {
    expect((await get(`/services/public/${DEMO.sTearTrough}`)).json()).toMatchObject({ id: DEMO.sTearTrough, bookingDepositType: 'fixed amount', bookingDepositAmount: 100 })
    expect((await get('/services/public/ffffffffffffffffffffffff')).json()).toEqual({ statusCode: 404, message: 'Service not found.' })
    expect((await get('/services/public/x')).statusCode).toBe(400)
  })
})

describe('practitioners and times', () => {
  it('POST /practitioners/public lists who performs a service at a clinic', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/practitioners/public', payload: { month: 1, clinic: DEMO.clinicLondon, service: DEMO.sHydraFacial } })
    expect(response.json().map((p: { displayName: string; grossPrice: number }) => [p.displayName, p.grossPrice])).toEqual([['James Patel', 140], ['Emma Wilson', 150]])
    const bad = await t.app.inject({ method: 'POST', url: '/api/practitioners/public', payload: { month: 'x' } })
    expect(bad.statusCode).toBe(400)
    const none = await t.app.inject({ method: 'POST', url: '/api/practitioners/public', payload: { month: 1, clinic: DEMO.clinicManchester, service: DEMO.sCheekFiller } })
    expect(none.json()).toEqual({ statusCode: 404, message: 'Service not found at this location.' })
  })

  it('POST /practitioners/public refuses a month or year that cannot be, as days-available-by-month does', async () => {
    const ask = (month: number, year?: number) =>
      t.app.inject({ method: 'POST', url: '/api/practitioners/public', payload: { month, ...(year !== undefined ? { year } : {}), clinic: DEMO.clinicLondon, service: DEMO.sHydraFacial } })
    for (const [month, year, message] of [
      [13, undefined, 'month must be between 1 and 12'],
      [0, 2027, 'month must be between 1 and 12'],
      [1, 99999, 'year must be between 1800 and 2999'],
      [1, -1, 'year must be between 1800 and 2999'],
    ] as const) {
      const res = await ask(month, year)
      expect(res.statusCode, `${month}/${year}`).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, message })
    }
    expect((await ask(12, 2027)).statusCode).toBe(200)
  })

  it('POST /practitioners/time gives London slots, with breaks invalid and any practitioner', async () => {
    const date = londonDate(3)
    const sarah = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, onlineBooking: true } })
    expect(sarah.statusCode).toBe(200)
    const slots = sarah.json() as { value: string; valid: boolean; practitioner: string; duration: number }[]
    expect(slots[0]).toMatchObject({ value: '09:00', valid: true, practitioner: DEMO.pSarah, duration: 30 })
    expect(slots.find((s) => s.value === '13:00')?.valid ?? false).toBe(false)
    expect(slots.filter((s) => s.valid).at(-1)!.value).toBe('16:30')
    const any = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: null } })
    expect(new Set(any.json().map((s: { practitioner: string }) => s.practitioner)).size).toBeGreaterThanOrEqual(1)
    const bad = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date: '31/12/2026', service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon } })
    expect(bad.statusCode).toBe(400)
    const unknown = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date, service: 'ffffffffffffffffffffffff', clinic: DEMO.clinicLondon } })
    expect(unknown.statusCode).toBe(404)
  })

  it('POST /appointments/days-available-by-month leaves out the closed day and holidays', async () => {
    // The seeded training day itself: londonDate would step past it when it falls on 25 or 26 December.
    const closed = seededDay(16)
    const [year, month] = closed.split('-').map(Number)
    const line = { service: DEMO.sConsultation, month, year, location: DEMO.clinicLondon, practitioner: null, withHolidays: true }
    const response = await t.app.inject({ method: 'POST', url: '/api/appointments/days-available-by-month', payload: [line] })
    expect(response.statusCode).toBe(200)
    const dates = response.json().map((d: { date: string }) => d.date) as string[]
    expect(dates.length).toBeGreaterThan(0)
    expect(dates).not.toContain(closed)
    expect(dates.every((d) => d.startsWith(`${year}-${String(month).padStart(2, '0')}`))).toBe(true)
    // Sarah's holiday (days 21-27) is not bookable with her.
    const holiday = londonDate(22)
    const [hy, hm] = holiday.split('-').map(Number)
    const sarah = await t.app.inject({ method: 'POST', url: '/api/appointments/days-available-by-month', payload: [{ ...line, month: hm, year: hy, practitioner: DEMO.pSarah }] })
    expect(sarah.json().map((d: { date: string }) => d.date)).not.toContain(holiday)
    const chain = await t.app.inject({ method: 'POST', url: '/api/appointments/days-available-by-month', payload: [{ ...line, month: hm, year: hy }, { ...line, month: hm, year: hy, service: DEMO.sAntiWrinkle1 }] })
    expect(chain.statusCode).toBe(200)
    const bad = await t.app.inject({ method: 'POST', url: '/api/appointments/days-available-by-month', payload: [{ ...line, month: 'June' }] })
    expect(bad.statusCode).toBe(400)
    const mixed = await t.app.inject({ method: 'POST', url: '/api/appointments/days-available-by-month', payload: [line, { ...line, location: DEMO.clinicManchester }] })
    expect(mixed.statusCode).toBe(400)
  })
})

describe('courses, lists and countries', () => {
  it('GET /course/groupedByCategory', async () => {
    const groups = (await get(`/course/groupedByCategory?clinic=${DEMO.clinicManchester}&showOnline=true&includeEmpty=false`)).json()
    expect(groups.map((g: { category: { id: string } }) => g.category.id)).toEqual([DEMO.catAntiWrinkle, DEMO.catPeels, DEMO.catLaser])
    const laser = groups.find((g: { category: { id: string } }) => g.category.id === DEMO.catLaser).courses[0]
    expect(laser).toMatchObject({ id: DEMO.courseLaser, salePrice: 300, courseServices: [{ service: DEMO.sLaserSmall, quantity: 6 }] })
    const withEmpty = (await get('/course/groupedByCategory?showOnline=true&includeEmpty=true')).json()
    expect(withEmpty.length).toBeGreaterThan(groups.length)
  })

  it('GET /lists, PUT /lists (staff only), GET /countries', async () => {
    const lists = (await get('/lists')).json()
    expect(lists.find((l: { sys_name: string }) => l.sys_name === 'client_referral_sources').values).toContain('Word of mouth\nWebsite')
    expect((await get('/countries?clinic=' + DEMO.clinicLondon)).json()[0]).toEqual({ value: 'GB', label: 'United Kingdom' })
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/lists', payload: { sys_name: 'x', values: 'a' } })
    expect(anonymous.statusCode).toBe(401)
    const token = await t.login(DEMO_CUSTOMER)
    // A customer's session is no staff session (401, as on every admin route), whatever the body.
    const customer = await t.app.inject({ method: 'PUT', url: '/api/lists', headers: t.auth(token), payload: { sys_name: 'x', values: 'a' } })
    expect(customer.statusCode).toBe(401)
    const customerBad = await t.app.inject({ method: 'PUT', url: '/api/lists', headers: t.auth(token), payload: { values: 'a' } })
    expect(customerBad.statusCode).toBe(401)
    const staff = (await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })).json().token as string
    const bad = await t.app.inject({ method: 'PUT', url: '/api/lists', headers: t.auth(staff), payload: { values: 'a' } })
    expect(bad.statusCode).toBe(400)
    const saved = await t.app.inject({ method: 'PUT', url: '/api/lists', headers: t.auth(staff), payload: { sys_name: 'x', values: 'a' } })
    expect(saved.statusCode, saved.body).toBe(200)
  })
})
