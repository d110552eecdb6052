/**
 * Paying online, shared by `book` (the deposit) and `buy` (a course, gift vouchers): with a sandbox
 * test card (--card) the CLI pays on the processor's hosted page itself; without one it prints the
 * payment page and waits, polling every 3 s (PollPayment), until paid, --timeout or Ctrl-C.
 */
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import { PollPayment, type PaymentSession } from '../../src/application/use-cases/payments.use-case'
import type { CliContext } from '../context'
import { CliError, EXIT, refused } from '../exit-codes'
import { submitSandboxCard, testCard } from '../sandbox-card'
import { parsePositiveInt } from './args'

export interface PaymentOptions {
  card?: string
  expiry?: string
  cvv?: string
  postcode?: string
  timeout?: number
}

/** --card, --expiry, --cvv, --postcode and --timeout, worded for what is paid. */
export function addPaymentOptions(command: Command, what: string, defaultWait: string): Command {
  return command
    .option('--card <number>', `pay ${what} with this sandbox test card (see docs/test-cards.md)`)
    .option('--expiry <MM/YY>', 'card expiry (default: two years ahead)')
    .option('--cvv <cvv>', 'card CVV (default 123, 1234 for Amex)')
    .option('--postcode <code>', 'card postal code (default SW1A 1AA)')
    .option('--timeout <seconds>', `how long to wait for the payment (default: ${defaultWait})`, parsePositiveInt)
}

/** The payment session with its page as an absolute address of the server. */
export const withAbsoluteUrl = (ctx: CliContext, payment: PaymentSession): PaymentSession => ({
  ...payment,
  paymentUrl: new URL(payment.paymentUrl, `${ctx.options.baseUrl}/`).href,
})

export interface PayTexts {
  /** 'the deposit of £16.00' */
  what: string
  /** Ends a refusal: 'The appointment was not booked.' */
  notDone: string
  /** 'Interrupted: the appointment was released.' */
  interrupted: string
  /** 'The deposit was not paid in time; the appointment was released.' */
  late: string
}

export interface PayOptions {
  texts: PayTexts
  /** How long to wait when --timeout is not given. */
  waitMs: number
  /** Undoes what the payment was for (a held appointment) when it is not made. */
  release?: () => Promise<void>
  /** A course purchase: its invoice, whose course assignment is verified once paid. */
  verifyCourseInvoiceId?: string
}

/** Pays (--card) or waits for the payment on the page; throws the CliError that ends the command when it is not made. */
export async function pay(ctx: CliContext, opts: PaymentOptions, payment: PaymentSession, how: PayOptions): Promise<void> {
  const release = async () => {
    await how.release?.()
  }
  const { texts } = how
  if (opts.card) {
    const card = testCard({ number: opts.card, expiry: opts.expiry, cvv: opts.cvv, postcode: opts.postcode })
    const result = await ctx.spinner.run(`Paying ${texts.what}`, () => submitSandboxCard(payment.paymentUrl, card, { tenant: ctx.options.tenant }))
    if ('unreachable' in result) {
      await release()
      throw new CliError(`Could not reach the payment page at ${payment.paymentUrl}: ${result.message}`, EXIT.unreachable)
    }
    if (!result.paid) {
      await release()
      throw refused(`${result.status === 402 ? 'The card was declined: ' : ''}${result.message} ${texts.notDone}`)
    }
  } else {
    ctx.info(`Pay ${texts.what} on the payment page: ${payment.paymentUrl}`)
  }
  const timeoutMs = opts.timeout !== undefined ? opts.timeout * 1000 : how.waitMs
  let declined: string | undefined
  // Ctrl-C while waiting: stop polling and undo (release the hold) rather than leave it.
  const interrupt = new AbortController()
  const onInterrupt = () => interrupt.abort()
  process.once('SIGINT', onInterrupt)
  const paid = await ctx.spinner
    .run('Waiting for the payment', () =>
      ctx.useCase(PollPayment).execute(payment.transactionId, {
        timeoutMs,
        signal: interrupt.signal,
        ...(how.verifyCourseInvoiceId ? { verifyCourseInvoiceId: how.verifyCourseInvoiceId } : {}),
        onCheck: (check) => {
          if (!check.isPaid && check.message && check.message !== declined) {
            declined = check.message
            if (ctx.spinner.active) ctx.spinner.update(`Waiting for the payment (last attempt: ${check.message})`)
            else ctx.info(`The last payment attempt was declined: ${check.message} Waiting for another one.`)
          }
        },
      }),
    )
    .finally(() => process.removeListener('SIGINT', onInterrupt))
  if (E.isLeft(paid)) {
    await release()
    if (interrupt.signal.aborted) throw refused(texts.interrupted)
    if (paid.left._tag === 'Cancelled') throw refused(texts.late)
    ctx.fail(paid.left)
  }
}
