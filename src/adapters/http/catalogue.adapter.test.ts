import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpCatalogueApi, HttpLinksApi } from './catalogue.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const catalogue = new HttpCatalogueApi(testHttp())
const clinic = { id: id(1), accountName: 'Soho', address: { line1: '1 High St', city: 'London' } }
const service = { id: id(3), name: 'Facial' }

describe('HttpCatalogueApi', () => {
  it('GET /public/organisations', async () => {
    const org = {
      id: id(9), name: 'Glow', currency: 'GBP', country: 'GB', showHomeBannerText: false,
      bookingDepositType: 'percentage', bookingDepositAmount: 10, bookingDepositMultipleServicesRule: 'sum',
      bookingDepositRule: 'each time', showCancelTerms: true, sellGiftVoucherOnline: true, giftVoucherValues: [50], minimiseGaps: false,
    }
    api().get('/api/public/organisations').reply(200, org)
    expect(await catalogue.organisation()).toEqual(E.right(org))
    api().get('/api/public/organisations').reply(200, { ...org, currency: 'XYZ' })
    const bad = await catalogue.organisation()
    expect(E.isLeft(bad) && bad.left._tag).toBe('ContractViolation')
  })

  it('GET /public-clinics and /clinics', async () => {
    api().get('/api/public-clinics').reply(200, [clinic])
    api().get('/api/clinics').reply(200, [clinic])
    expect(await catalogue.publicClinics()).toEqual(E.right([clinic]))
    expect(await catalogue.clinics()).toEqual(E.right([clinic]))
  })

  it('GET /categories with the booking query', async () => {
    api()
      .get('/api/categories')
      .query({ clinic: id(1), fromCustomer: 'true', isFromOrg: 'false', offset: '0', limit: '1500' })
      .reply(200, [{ id: id(2), name: 'Face' }])
    expect(await catalogue.categories({ clinic: id(1), fromCustomer: true, isFromOrg: false, offset: 0, limit: 1500 })).toEqual(
      E.right([{ id: id(2), name: 'Face' }]),
    )
  })

  it('GET /categories/{id}', async () => {
    api().get(`/api/categories/${id(2)}`).reply(200, { id: id(2), name: 'Face' })
    expect(await catalogue.category(id(2))).toEqual(E.right({ id: id(2), name: 'Face' }))
  })

  it('GET /services/public with paging and /services/public/{id}', async () => {
    api().get('/api/services/public').query({ clinic: id(1), category: id(2), offset: '20', pageSize: '20' }).reply(200, [service])
    api().get(`/api/services/public/${id(3)}`).reply(200, service)
    expect(await catalogue.services({ clinic: id(1), category: id(2), offset: 20, pageSize: 20 })).toEqual(E.right([service]))
    expect(await catalogue.service(id(3))).toEqual(E.right(service))
  })

  it('GET /course/groupedByCategory', async () => {
    const group = { category: { id: id(2), name: 'Face' }, courses: [] }
    api().get('/api/course/groupedByCategory').query({ clinic: id(1), showOnline: 'true', includeEmpty: 'true' }).reply(200, [group])
    expect(await catalogue.coursesByCategory({ clinic: id(1), showOnline: true, includeEmpty: true })).toEqual(E.right([group]))
  })

  it('GET /countries with and without a clinic, GET /lists, GET card-requirement', async () => {
    const gb = { value: 'GB', label: 'United Kingdom' }
    api().get('/api/countries').reply(200, [gb])
    api().get('/api/countries').query({ clinic: id(1) }).reply(200, [gb])
    api().get('/api/lists').reply(200, [{ sys_name: 'client_referral_sources', values: 'Website\nFriend' }])
    api().get('/api/public/organisations/card-requirement').reply(200, { cardRequired: false })
    expect(await catalogue.countries()).toEqual(E.right([gb]))
    expect(await catalogue.countries(id(1))).toEqual(E.right([gb]))
    expect(await catalogue.lists()).toEqual(E.right([{ sys_name: 'client_referral_sources', values: 'Website\nFriend' }]))
    expect(await catalogue.cardRequirement()).toEqual(E.right({ cardRequired: false }))
  })

  it("maps a failure to the server's message, else 'Request failed with status {status}'", async () => {
    api().get('/api/public-clinics').reply(400, { statusCode: 400, message: 'Unknown tenant' })
    api().get('/api/clinics').reply(401, '')
    expect(await catalogue.publicClinics()).toEqual(
      E.left({ _tag: 'HttpError', status: 400, message: 'Unknown tenant', serverMessage: 'Unknown tenant' }),
    )
    expect(await catalogue.clinics()).toEqual(E.left({ _tag: 'HttpError', status: 401, message: 'Request failed with status 401' }))
  })
})

describe('HttpLinksApi', () => {
  it('GET /public/links', async () => {
    api().get('/api/public/links').reply(200, { websocket: 'ws://clinic.test/ws', auth: 'http://auth' })
    expect(await new HttpLinksApi(testHttp()).links()).toEqual(E.right({ websocket: 'ws://clinic.test/ws', auth: 'http://auth' }))
  })
})
