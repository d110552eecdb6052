import { makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { DEFAULT_GIFT_VOUCHER_VALUES } from './services.view-model'
import { validateGiftVoucherReceiver, type GiftVoucherReceiverField } from '../../domain/validation/gift-voucher'

export type Recipient = 'me' | 'someoneElse'

/** Gift voucher purchase with the 'for me or someone else' dialog. */
@injectable()
export class GiftVoucherViewModel {
  chosenValue?: number = undefined
  recipient: Recipient = 'me'
  receiver = { name: '', email: '', confirmEmail: '', message: '' }
  errors: Partial<Record<GiftVoucherReceiverField, string>> = {}

  constructor(
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    makeAutoObservable<GiftVoucherViewModel, 'booking' | 'session'>(this, { booking: false, session: false })
  }

  get values(): number[] {
    const configured = this.session.organisation?.giftVoucherValues ?? []
    return configured.length > 0 ? configured : DEFAULT_GIFT_VOUCHER_VALUES
  }

  get dialogOpen(): boolean {
    return this.chosenValue !== undefined
  }

  choose(value: number): void {
    this.chosenValue = value
    this.recipient = 'me'
    this.errors = {}
  }

  setRecipient(recipient: Recipient): void {
    this.recipient = recipient
  }

  setField(field: keyof GiftVoucherViewModel['receiver'], value: string): void {
    this.receiver[field] = value
    if (this.errors[field]) this.errors = { ...this.errors, [field]: undefined }
  }

  cancel(): void {
    this.chosenValue = undefined
  }

  /** Continue: for someone else the receiver is validated (spec section 5). */
  submit(): void {
    const value = this.chosenValue
    if (value === undefined) return
    if (this.recipient === 'me') {
      this.chosenValue = undefined
      this.booking.addGiftVoucher({ value })
      return
    }
    const result = validateGiftVoucherReceiver(this.receiver)
    if (E.isLeft(result)) {
      this.errors = result.left
      return
    }
    this.chosenValue = undefined
    this.booking.addGiftVoucher({ value, receiver: { name: result.right.name, email: result.right.email, message: result.right.message } })
  }
}
