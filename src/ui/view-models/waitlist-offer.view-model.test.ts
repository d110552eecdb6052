import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { WaitlistOffer } from '../../contract/waitlist.codecs'
import { RecordingNavigator } from './booking.test-support'
import { OFFER_DECLINED, OFFER_LAPSED, OFFER_NOT_FOUND, OFFER_TAKEN, WaitlistOfferViewModel, offerConfirmPath, offerDeclinePath } from './waitlist-offer.view-model'

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

/** The view model over a server whose offer reads `answers` in turn (the last one repeats) and whose decline answers `declined`. */
function setUp(answer: E.Either<AppError, WaitlistOffer>, more: { then?: E.Either<AppError, WaitlistOffer>; declined?: E.Either<AppError, true> } = {}) {
  const navigator = new RecordingNavigator()
  let cleared = 0
  const tokens: string[] = []
  const declines: string[] = []
  const answers = [answer, ...(more.then ? [more.then] : [])]
  const read = { execute: async (token: string) => (tokens.push(token), answers.length > 1 ? answers.shift()! : answers[0]) }
  const decline = { execute: async (token: string) => (declines.push(token), more.declined ?? E.right(true as const)) }
  const vm = new WaitlistOfferViewModel(read, decline, navigator, { clearBookingInfo: () => void cleared++ })
  return { vm, navigator, tokens, declines, cleared: () => cleared }
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

  describe("the mail's decline link", () => {
    it('is the offer page with decline=1', () => {
      expect(offerDeclinePath('a/b')).toBe('/waitlist/offer/a%2Fb?decline=1')
    })

    it('asks first, naming the time and the location; nothing is declined or opened yet', async () => {
      const { vm, navigator, declines } = setUp(E.right(offer()))
      await vm.open('link-token', true)
      expect(vm.decline).toEqual({ when: 'Thursday 12th March 2026 at 10:00', clinic: 'Harley Street', confirmPath: offerConfirmPath(offer()), sending: false })
      expect(navigator.paths).toEqual([])
      expect(navigator.replaced).toEqual([])
      expect(declines).toEqual([])
    })

    it("'Book this time' instead opens the confirm step of the held time, the wizard emptied first", async () => {
      const { vm, navigator, cleared } = setUp(E.right(offer()))
      await vm.open('link-token', true)
      vm.book()
      expect(cleared()).toBe(1)
      expect(navigator.replaced).toEqual([offerConfirmPath(offer())])
    })

    it("'Turn this time down' declines it and the page says the customer is still on the waitlist", async () => {
      const { vm, declines } = setUp(E.right(offer()), { then: E.right(offer({ status: 'declined', hold: undefined })) })
      await vm.open('link-token', true)
      await vm.confirmDecline()
      expect(declines).toEqual(['link-token'])
      expect(vm.decline).toBeUndefined()
      expect(vm.ended).toEqual({ message: OFFER_DECLINED, bookPath: `/step/${CLINIC}` })
    })

    it('a time taken meanwhile says so instead (the offer read again)', async () => {
      const { vm } = setUp(E.right(offer()), { then: E.right(offer({ status: 'taken', hold: undefined })) })
      await vm.open('link-token', true)
      await vm.confirmDecline()
      expect(vm.ended?.message).toBe(OFFER_TAKEN)
    })

    it('a server out of reach keeps the question with the reason, to try again', async () => {
      const away = { _tag: 'Unreachable', message: 'We could not reach the booking service. Please check your connection and try again.' } as const
      const { vm, declines } = setUp(E.right(offer()), { declined: E.left(away) })
      await vm.open('link-token', true)
      await vm.confirmDecline()
      expect(vm.decline).toMatchObject({ sending: false, error: away.message })
      expect(vm.ended).toBeUndefined()
      await vm.confirmDecline()
      expect(declines).toEqual(['link-token', 'link-token'])
    })

    it('a decline link of an offer that has ended says why, as the plain link does', async () => {
      const { vm } = setUp(E.right(offer({ status: 'lapsed', hold: undefined })))
      await vm.open('link-token', true)
      expect(vm.decline).toBeUndefined()
      expect(vm.ended?.message).toBe(OFFER_LAPSED)
    })
  })
})
