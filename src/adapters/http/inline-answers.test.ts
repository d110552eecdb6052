import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpCatalogueApi } from './catalogue.adapter'
import { inlineAnswerKey, readInlineAnswers, withInlineAnswers } from './inline-answers'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const clinic = { id: id(1), accountName: 'Soho', address: { line1: '1 High St', city: 'London' } }
const page = (text: string | null) => ({ getElementById: (elementId: string) => (elementId === 'answers' && text !== null ? { textContent: text } : null) }) as Pick<Document, 'getElementById'>

describe('the answers a page arrived with', () => {
  it('answer the first plain GET of their path, once; then the server answers', async () => {
    const catalogue = new HttpCatalogueApi(withInlineAnswers(testHttp(), { '/public-clinics': [clinic] }))
    expect(await catalogue.publicClinics()).toEqual(E.right([clinic]))
    const later = { ...clinic, accountName: 'Soho (moved)' }
    api().get('/api/public-clinics').reply(200, [later])
    expect(await catalogue.publicClinics()).toEqual(E.right([later]))
  })

  it('are decoded by the route like an answer of the server', async () => {
    const catalogue = new HttpCatalogueApi(withInlineAnswers(testHttp(), { '/public-clinics': [{ id: 'not an id' }] }))
    const bad = await catalogue.publicClinics()
    expect(E.isLeft(bad) && bad.left._tag).toBe('ContractViolation')
  })

  it('leave other paths and requests with a query to the server', async () => {
    const catalogue = new HttpCatalogueApi(withInlineAnswers(testHttp(), { '/public-clinics': [clinic], '/categories': [] }))
    api().get('/api/clinics').reply(200, [])
    expect(await catalogue.clinics()).toEqual(E.right([]))
    api().get('/api/categories').query(true).reply(200, [{ id: id(2), name: 'Face' }])
    expect(await catalogue.categories({ clinic: id(1), fromCustomer: true, isFromOrg: false, offset: 0, limit: 1500 })).toEqual(E.right([{ id: id(2), name: 'Face' }]))
  })

  it('answer a GET with a query under its path and query, once', async () => {
    const query = { clinic: id(1), fromCustomer: true, isFromOrg: false, offset: 0, limit: 1500 }
    const key = inlineAnswerKey('/categories', { clinic: id(1), fromCustomer: true, isFromOrg: false, offset: 0, limit: 1500, page: undefined })
    expect(key).toBe(`/categories?clinic=${id(1)}&fromCustomer=true&isFromOrg=false&offset=0&limit=1500`)
    expect(inlineAnswerKey('/public-clinics', { clinic: undefined })).toBe('/public-clinics')
    const catalogue = new HttpCatalogueApi(withInlineAnswers(testHttp(), { [key]: [{ id: id(2), name: 'Face' }] }))
    expect(await catalogue.categories(query)).toEqual(E.right([{ id: id(2), name: 'Face' }]))
    api().get('/api/categories').query(true).reply(200, [])
    expect(await catalogue.categories(query)).toEqual(E.right([]))
    // Another query of the same path is the server's.
    api().get('/api/categories').query(true).reply(200, [{ id: id(3), name: 'Body' }])
    expect(await catalogue.categories({ ...query, clinic: id(4) })).toEqual(E.right([{ id: id(3), name: 'Body' }]))
  })

  it('are read from the page element, and are none when it is missing or not an object of answers', () => {
    expect(readInlineAnswers(page('{"/public-clinics":[]}'), 'answers')).toEqual({ '/public-clinics': [] })
    expect(readInlineAnswers(page(null), 'answers')).toEqual({})
    expect(readInlineAnswers(page('not json'), 'answers')).toEqual({})
    expect(readInlineAnswers(page('[1]'), 'answers')).toEqual({})
  })
})
