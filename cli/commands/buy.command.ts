/**
 * buy course / buy voucher: what the web app's Courses and Gift voucher views sell, with the same
 * use cases (BuyCourse, BuyGiftVoucher: a draft invoice, then the card payment) and the same
 * payment options as `book`. A voucher for someone else is checked with the spec's texts first.
 */
import { Option, type Command } from 'commander'
import * as E from 'fp-ts/Either'
import { ListCourses } from '../../src/application/use-cases/catalogue.use-case'
import { BuyCourse, BuyGiftVoucher, type PaymentSession } from '../../src/application/use-cases/payments.use-case'
import type { Course } from '../../src/contract/courses.routes'
import type { Clinic } from '../../src/contract/clinics.routes'
import { giftVoucherAmounts } from '../../src/domain/constants/vouchers'
import { validateGiftVoucherReceiver, type GiftVoucherReceiverField } from '../../src/domain/validation/gift-voucher'
import type { CliContext } from '../context'
import { refused, usageError } from '../exit-codes'
import { formatPairs } from '../output/table'
import { addPaymentOptions, pay, withAbsoluteUrl, type PaymentOptions } from './payment'
import { pick, resolveLocation, serviceName } from './resolve'

/** Without --timeout, how long the CLI waits for a payment made on the page (nothing is held meanwhile). */
const PURCHASE_WAIT_MS = 10 * 60_000

interface BuyOptions extends PaymentOptions {
  location?: string
  interactive?: boolean
  yes?: boolean
}

interface VoucherOptions extends BuyOptions {
  forMe?: boolean
  to?: string
  email?: string
  confirmEmail?: string
  message?: string
}

const VOUCHER_OPTION: Record<GiftVoucherReceiverField, string> = { name: '--to', email: '--email', confirmEmail: '--confirm-email', message: '--message' }

const purchaseTexts = (what: string) => ({
  what,
  notDone: 'Nothing was bought.',
  interrupted: 'Interrupted: nothing was bought.',
  late: 'The payment was not made in time; nothing was bought.',
})

/** On a terminal (or with -i), the summary and 'Buy it?' first, unless --yes or --card. */
async function confirmPurchase(ctx: CliContext, opts: BuyOptions, summary: string): Promise<void> {
  if (opts.yes || opts.card || !ctx.canPrompt(opts.interactive)) return
  ctx.info(summary)
  if (!(await ctx.prompt.confirm('Buy it?'))) throw refused('Nothing was bought.')
}

/** Pays the purchase, then prints the outcome (JSON: the purchase and the payment). */
async function payAndReport(
  ctx: CliContext,
  opts: BuyOptions,
  clinic: Clinic,
  started: PaymentSession,
  what: string,
  bought: Record<string, unknown>,
  course?: boolean,
): Promise<void> {
  const money = await ctx.moneyFormatter()
  const payment = withAbsoluteUrl(ctx, started)
  await pay(ctx, opts, payment, {
    texts: purchaseTexts(`${money(payment.amount)} for ${what}`),
    waitMs: PURCHASE_WAIT_MS,
    ...(course ? { verifyCourseInvoiceId: payment.invoiceId } : {}),
  })
  ctx.done(`Bought: ${what} at ${clinic.accountName}; ${money(payment.amount)} paid.`)
  ctx.print(
    { ...bought, location: { id: clinic.id, name: clinic.accountName }, payment: { ...payment, paid: true } },
    () => formatPairs([['Invoice', payment.invoiceId], ['Paid', money(payment.amount)]]),
  )
}

export function registerBuyCommands(program: Command, ctx: CliContext): void {
  const buy = program.command('buy').description('buy a course or a gift voucher and pay for it by card')

  const course = buy
    .command('course')
    .description('buy one or more courses (as the Courses view of the booking page sells them)')
    .argument('<course...>', "course id or name (see 'clinic services --courses')")
    .option('--location <id|name>', 'location that sells it (optional when there is only one)')
  addPaymentOptions(course, 'the course', '10 minutes')
    .option('-i, --interactive', 'ask for what is missing even when stdin is not a terminal')
    .option('-y, --yes', 'do not ask for confirmation before buying')
    .addHelpText(
      'after',
      `
Examples:
  clinic buy course "Peel course" --location London --card 4242424242424242
  clinic --json buy course cc0000000000000000000003 --card 4242424242424242`,
    )
    .action(async (wanted: string[], opts: BuyOptions) => {
      const user = await ctx.currentUser()
      const clinic = await resolveLocation(ctx, opts.location, opts.interactive)
      const groups = await ctx.call('Loading courses', () => ctx.useCase(ListCourses).execute(clinic.id))
      const all = groups.flatMap((g) => g.courses)
      const courses: Course[] = []
      for (const value of wanted) courses.push(await pick(ctx, { option: '<course>', noun: 'course' }, all, value, (c) => c.id, serviceName, (c) => [c.name]))
      const money = await ctx.moneyFormatter()
      const what = courses.map((c) => c.name).join(', ')
      await confirmPurchase(
        ctx,
        opts,
        formatPairs([['Location', clinic.accountName], ...courses.map((c, i) => [i === 0 ? 'Courses' : '', `${c.name}  ${money(c.salePrice)}`] as const)]),
      )
      const started = await ctx.call('Creating the invoice', () =>
        ctx.useCase(BuyCourse).execute({ customerId: user.id, clinicId: clinic.id, courseIds: courses.map((c) => c.id) }),
      )
      await payAndReport(ctx, opts, clinic, started, what, { courses: courses.map((c) => ({ id: c.id, name: c.name, salePrice: c.salePrice })) }, true)
    })

  const voucher = buy
    .command('voucher')
    .description('buy a gift voucher, for yourself or for someone else (as the Gift voucher view does)')
    .argument('<amount>', "one of the organisation's voucher amounts (see 'clinic services --vouchers')")
    .addOption(new Option('--for-me', 'the voucher is for you').conflicts(['to', 'email', 'confirmEmail', 'message']))
    .option('--to <name>', "for someone else: the receiver's name")
    .option('--email <email>', "the receiver's email")
    .option('--confirm-email <email>', 'the email again (default: --email)')
    .option('--message <text>', 'a message for the receiver')
    .option('--location <id|name>', 'location that sells it (optional when there is only one)')
  addPaymentOptions(voucher, 'the voucher', '10 minutes')
    .option('-i, --interactive', 'ask for what is missing even when stdin is not a terminal')
    .option('-y, --yes', 'do not ask for confirmation before buying')
    .addHelpText(
      'after',
      `
Examples:
  clinic buy voucher 100 --for-me --card 4242424242424242
  clinic buy voucher 50 --to "Ann Lee" --email ann@example.com --message "Happy birthday" --card 4242424242424242`,
    )
    .action(async (amountText: string, opts: VoucherOptions) => {
      if (!opts.forMe && opts.to === undefined) throw usageError('say who the voucher is for: --for-me, or --to NAME --email EMAIL.')
      const receiver = opts.forMe ? undefined : checkedReceiver(opts)
      const amount = Number(amountText.replace(/^[^\d.]+/, ''))
      const org = await ctx.org()
      if (!org.sellGiftVoucherOnline) throw refused('Gift vouchers are not sold online.')
      const money = await ctx.moneyFormatter()
      const amounts = giftVoucherAmounts(org.giftVoucherValues)
      if (!amounts.includes(amount)) throw usageError(`<amount> must be one of ${amounts.map((a) => money(a)).join(', ')}; got '${amountText}'.`)
      const user = await ctx.currentUser()
      const clinic = await resolveLocation(ctx, opts.location, opts.interactive)
      const what = `a ${money(amount)} gift voucher${receiver ? ` for ${receiver.name}` : ''}`
      await confirmPurchase(ctx, opts, formatPairs([['Location', clinic.accountName], ['Voucher', what], ...(receiver ? [['Email', receiver.email] as const] : [])]))
      const started = await ctx.call('Creating the invoice', () =>
        ctx.useCase(BuyGiftVoucher).execute({ customerId: user.id, clinicId: clinic.id, vouchers: [{ value: amount, ...(receiver ? { receiver } : {}) }] }),
      )
      await payAndReport(ctx, opts, clinic, started, what, { voucher: { value: amount, ...(receiver ? { receiver } : { forMe: true }) } })
    })
}

/** The receiver of a voucher for someone else, checked with the spec's texts (a usage error names the option). */
function checkedReceiver(opts: VoucherOptions): { name: string; email: string; message: string } {
  const email = opts.email ?? ''
  const result = validateGiftVoucherReceiver({ name: opts.to ?? '', email, confirmEmail: opts.confirmEmail ?? email, message: opts.message })
  if (E.isLeft(result)) {
    const [field, message] = Object.entries(result.left).find(([, m]) => m !== undefined) as [GiftVoucherReceiverField, string]
    throw usageError(`${VOUCHER_OPTION[field]}: ${message}.`)
  }
  return { name: result.right.name, email: result.right.email, message: result.right.message }
}
