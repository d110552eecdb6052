import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { WaitlistOffer } from '../../contract/waitlist.codecs'
import { RecordingNavigator } from './booking.test-support'
import { OFFER_DECLINED, OFFER_LAPSED, OFFER_NOT_FOUND, OFFER_TAKEN, WaitlistOfferViewModel, offerConfirmPath } from './waitlist-offer.view-model'

const CLINIC = '64b000000000000000000011'
const SERVICE = '64b000000000000000000031'
const HOLD = { id: '64b000000000000000000099', token: 'the-offer-hold-token' }

const offer = (more: Partial<WaitlistOffer> = {}): WaitlistOffer => ({
  status: 'offered',
  clinic: { id: CLINIC, name: 'Harley Street' },
  items: [{ service: SERVICE, practitioner: '64b000000000000000000041', start: '2026-03-12T10:00:00.000Z', end: '2026-03-12T11:00:00.000Z' }],
  expiresAt: '2026-03-10T09:15:00.000Z',
  secondsLeft: 900,
  hold: HOLD,
  ...more,
})

function setUp(answer: E.Either<AppError, WaitlistOffer>) {
  const navigator = new RecordingNavigator()
  let cleared = 0
  const tokens: string[] = []
  const vm = new WaitlistOfferViewModel({ execute: async (token) => (tokens.push(token), answer) }, navigator, { clearBookingInfo: () => void cleared++ })
  return { vm, navigator, tokens, cleared: () => cleared }
}

describe('offerConfirmPath', () => {
  it("an open offer: the confirm step of its first service with the wizard's hold parameter", () => {
    expect(offerConfirmPath(offer())).toBe(`/step/${CLINIC}/all/${SERVICE}/confirm?service=0&hold=${HOLD.id}.${HOLD.token}`)
  })

  it.each([
    ['lapsed', offer({ status: 'lapsed', hold: undefined })],
    ['no hold', offer({ hold: undefined })],
    ['no time left', offer({ secondsLeft: 0 })],
    ['no items', offer({ items: [] })],
  ])('none when %s', (_, o) => {
    expect(offerConfirmPath(o)).toBeUndefined()
  })
})

describe('WaitlistOfferViewModel', () => {
  it('an open offer replaces the page with its confirm step, the wizard emptied first', async () => {
    const { vm, navigator, tokens, cleared } = setUp(E.right(offer()))
    await vm.open('link-token')
    expect(tokens).toEqual(['link-token'])
    expect(cleared()).toBe(1)
    expect(navigator.replaced).toEqual([offerConfirmPath(offer())])
    expect(vm.ended).toBeUndefined()
  })

  it.each([
    ['lapsed', OFFER_LAPSED],
    ['taken', OFFER_TAKEN],
    ['declined', OFFER_DECLINED],
  ] as const)('a %s offer says so, with the location to book another time', async (status, message) => {
    const { vm, navigator, cleared } = setUp(E.right(offer({ status, hold: undefined })))
    await vm.open('link-token')
    expect(navigator.paths).toEqual([])
    expect(cleared()).toBe(0)
    expect(vm.ended).toEqual({ message, bookPath: `/step/${CLINIC}` })
  })

  it('an unknown link says it is not valid; a server out of reach says so', async () => {
    const unknown = setUp(E.left({ _tag: 'Refused', status: 404, message: 'Not found' }))
    await unknown.vm.open('nope')
    expect(unknown.vm.ended).toEqual({ message: OFFER_NOT_FOUND, bookPath: '/' })
    const away = setUp(E.left({ _tag: 'Unreachable', message: 'We could not reach the booking service. Please check your connection and try again.' }))
    await away.vm.open('link-token')
    expect(away.vm.ended?.message).toBe('We could not reach the booking service. Please check your connection and try again.')
  })
})
