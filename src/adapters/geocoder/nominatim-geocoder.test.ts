import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import * as O from 'fp-ts/Option'
import { NominatimGeocoder } from './nominatim-geocoder.adapter'

// A generous timeout: the answers here are local, and a loaded machine must not turn a hit into a miss.
const geocoder = new NominatimGeocoder({ url: 'http://geo.test/search', timeoutMs: 30_000 })
beforeAll(() => nock.disableNetConnect())
afterEach(() => {
  nock.cleanAll()
})

describe('NominatimGeocoder', () => {
  it('looks the address up and returns the first hit', async () => {
    const scope = nock('http://geo.test')
      .get('/search')
      .query({ q: '1 High St, London', format: 'json', limit: '1' })
      .reply(200, [{ lat: '51.5', lon: '-0.12' }])
    expect(await geocoder.lookup('1 High St, London')).toEqual(O.some({ lat: 51.5, lng: -0.12 }))
    scope.done()
  })

  it.each([
    ['no hit', () => nock('http://geo.test').get('/search').query(true).reply(200, [])],
    ['an error status', () => nock('http://geo.test').get('/search').query(true).reply(500, 'x')],
    ['a network error', () => nock('http://geo.test').get('/search').query(true).replyWithError('down')],
    ['a body that is not JSON', () => nock('http://geo.test').get('/search').query(true).reply(200, 'oops')],
  ])('is empty on %s', async (_, setup) => {
    setup()
    expect(await geocoder.lookup('Nowhere')).toEqual(O.none)
  })
})
