import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { DeclineWaitlistOffer, ReadWaitlistOffer } from '../../application/use-cases/waitlist.use-case'
import type { WaitlistOffer } from '../../contract/waitlist.codecs'
import { holdParam } from '../../domain/booking/hold'
import { formatLondonLongDate, formatLondonTime } from '../../domain/time'
import { NAVIGATOR, type Exec, type Navigator } from './app-services'
import { BookingViewModel } from './booking.view-model'

export const OFFER_NOT_FOUND = 'This link is not valid. Please check the link in your email.'
export const OFFER_LAPSED = 'Sorry, this time was held for you for a short while only and has now been released. You are still on the waitlist.'
export const OFFER_TAKEN = 'This time has already been booked. You can see your appointments in My account.'
export const OFFER_DECLINED = 'You turned this time down. You are still on the waitlist.'
export const DECLINE_QUESTION = 'Turn this time down?'
export const DECLINE_BUTTON = 'Turn this time down'
export const DECLINE_KEEP = 'Book this time'

/** The decline link's question: which time, and where. */
export interface OfferDecline {
  when: string
  clinic: string
  /** the confirm step of the held time, for 'Book this time' instead */
  confirmPath: string
  sending: boolean
  error?: string
}

/** The decline link of the offer mail: the offer page asks before the time goes to the next customer. */
export function offerDeclinePath(token: string): string {
  return `/waitlist/offer/${encodeURIComponent(token)}?decline=1`
}

/** Why the offer page cannot open the held time: the text and where 'Book another time' goes. */
export interface OfferEnded {
  message: string
  /** the booking start of the offer's location, or '/' when the offer is not known */
  bookPath: string
}

/** Where an open offer goes: the confirm step of its exact time, rebuilt from its hold (the wizard's `hold=`). */
export function offerConfirmPath(offer: WaitlistOffer): string | undefined {
  const first = offer.items[0]
  if (offer.status !== 'offered' || !offer.hold || !first || offer.secondsLeft <= 0) return undefined
  const query = new URLSearchParams({ service: '0', hold: holdParam(offer.hold) })
  return `/step/${offer.clinic.id}/all/${first.service}/confirm?${query}`
}

/** The text for an offer that is no longer open. */
export function offerEndedText(offer: WaitlistOffer): string {
  switch (offer.status) {
    case 'taken':
      return OFFER_TAKEN
    case 'declined':
      return OFFER_DECLINED
    default:
      return OFFER_LAPSED
  }
}

/**
 * /waitlist/offer/:token (issue 32): the link of the offer mail. An open offer opens the confirm step
 * of that exact time with its hold and countdown (the address replaced: back does not come here
 * again); one that lapsed, was taken or declined, or an unknown link, says so with a way to book
 * another time.
 */
@injectable()
export class WaitlistOfferViewModel {
  loading = false
  ended?: OfferEnded = undefined
  /** the decline link opened on an open offer: asked before it is declined */
  decline?: OfferDecline = undefined
  private token?: string = undefined

  constructor(
    @inject(ReadWaitlistOffer) private readonly read: Exec<ReadWaitlistOffer>,
    @inject(DeclineWaitlistOffer) private readonly declineOffer: Exec<DeclineWaitlistOffer>,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(BookingViewModel) private readonly booking: Pick<BookingViewModel, 'clearBookingInfo'>,
  ) {
    makeAutoObservable<WaitlistOfferViewModel, 'read' | 'declineOffer' | 'navigator' | 'token' | 'booking'>(this, { read: false, declineOffer: false, navigator: false, token: false, booking: false })
  }

  /** The mail's link (`declining`: its decline link) opened. */
  async open(token: string, declining = false): Promise<void> {
    this.token = token
    this.loading = true
    this.ended = undefined
    this.decline = undefined
    const result = await this.read.execute(token)
    if (token !== this.token) return
    runInAction(() => {
      this.loading = false
      if (E.isLeft(result)) {
        const unknown = result.left._tag === 'Refused' && (result.left.status === 404 || result.left.status === 400)
        this.ended = { message: unknown ? OFFER_NOT_FOUND : result.left.message, bookPath: '/' }
        return
      }
      const offer = result.right
      const path = offerConfirmPath(offer)
      if (!path) this.ended = { message: offerEndedText(offer), bookPath: `/step/${offer.clinic.id}` }
      else if (declining) {
        const start = new Date(offer.items[0].start)
        this.decline = { when: `${formatLondonLongDate(start)} at ${formatLondonTime(start)}`, clinic: offer.clinic.name, confirmPath: path, sending: false }
      } else this.book(path)
    })
  }

  /** 'Book this time' on the decline question, or an open offer's plain link: the confirm step of the held time. */
  book(path = this.decline?.confirmPath): void {
    if (!path) return
    // A booking begun earlier in this tab is not this one: the wizard rebuilds the offer's basket from its hold.
    this.booking.clearBookingInfo()
    this.navigator.go(path, { replace: true })
  }

  /** 'Turn this time down': the next customer waiting is offered it; this customer stays on the waitlist. */
  async confirmDecline(): Promise<void> {
    const token = this.token
    const asked = this.decline
    if (!token || !asked || asked.sending) return
    this.decline = { ...asked, sending: true, error: undefined }
    const result = await this.declineOffer.execute(token)
    if (token !== this.token) return
    // Declined, or taken or lapsed meanwhile (the server answers alike): the offer read again says which.
    if (E.isRight(result) || (result.left._tag === 'Refused' && result.left.status === 404)) await this.open(token)
    else runInAction(() => (this.decline = { ...asked, sending: false, error: result.left.message }))
  }
}
