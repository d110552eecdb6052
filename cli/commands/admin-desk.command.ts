/**
 * The desk's calendar and checkout from the command line (issue 29):
 * - `clinic admin block add|list|remove`: breaks, blocks (meetings) and leave of a practitioner, `add
 *   --repeat weekday|day|week --until DATE` a repeating one, `remove --series|--following` all of it or the rest;
 * - `clinic admin checkout <appointment-id> [--cash N] [--terminal N] [--card N [--card-id ID]] [--voucher CODE:N]`:
 *   the balance shown, or taken when payments are given (they must add up to it);
 * - `clinic admin refund-deposit <appointment-id>`.
 */
import type { Command } from 'commander'
import { BLOCK_TYPES, type Checkout, type CheckoutPaymentInput, type TimeBlock } from '../../src/contract/desk-calendar.routes'
import { AddBlock, AddBlockSeries, ListBlocks, LoadCheckout, RefundDeposit, RemoveBlock, TakeBalance } from '../../src/application/use-cases/desk-calendar.use-case'
import { currencyOrDefault, formatMoney } from '../../src/domain/pricing/money'
import * as E from 'fp-ts/Either'
import { amountRefusalText, readAmount } from '../../src/domain/desk/payment-lines'
import { REPEAT_EVERY, type RepeatEvery } from '../../src/domain/desk/block-series'
import { existsInLondon, formatLondonDateTime, isIsoDate, londonToUtc } from '../../src/domain/time'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatTable } from '../output/table'
import { canonicalChoice, parseObjectId } from './args'

/** 'yyyy-MM-dd HH:mm' (London) or an ISO instant, for the option named. */
export function instantOf(flag: string, value: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value.trim())
  if (local && isIsoDate(local[1]!) && existsInLondon(local[1]!, local[2]!)) return londonToUtc(local[1]!, local[2]!).toISOString()
  const instant = new Date(value)
  if (!/Z|[+-]\d{2}:?\d{2}$/.test(value) || Number.isNaN(instant.getTime())) throw usageError(`${flag} must be 'yyyy-MM-dd HH:mm' (London time) or an ISO instant, got '${value}'.`)
  return instant.toISOString()
}

/** The amount of a payment option, read as the desk's checkout reads a payment line, refused with the form's text. */
function amountOf(flag: string, value: string): number {
  const read = readAmount(value)
  if (E.isLeft(read)) throw usageError(`${flag}: ${amountRefusalText(read.left)} Got '${value}'.`)
  return read.right
}

export function blocksText(rows: readonly TimeBlock[]): string {
  return formatTable(
    rows,
    [
      { header: 'Start', value: (b) => formatLondonDateTime(new Date(b.start)) },
      { header: 'End', value: (b) => formatLondonDateTime(new Date(b.end)) },
      { header: 'Type', value: (b) => b.type },
      { header: 'Practitioner', value: (b) => b.practitioner },
      { header: 'Location', value: (b) => b.location },
      { header: 'Note', value: (b) => b.note ?? '' },
      { header: 'ID', value: (b) => b.id },
    ],
    { empty: 'No blocks of time.' },
  )
}

export function checkoutText(c: Checkout): string {
  const money = (n: number) => formatMoney(n, currencyOrDefault(c.currency))
  const lines = [`${c.service} for ${c.customer}`, c.notChargeable ?? `Price ${money(c.price)}, paid ${money(c.paid)}, balance ${money(c.balance)}`]
  if (c.refundableDeposit > 0) lines.push(`Refundable deposit ${money(c.refundableDeposit)}`)
  if (c.payments.length > 0) {
    lines.push('', formatTable(c.payments, [
      { header: 'When', value: (p) => formatLondonDateTime(new Date(p.at)) },
      { header: 'Type', value: (p) => p.type },
      { header: 'Amount', value: (p) => money(p.amount), align: 'right' },
      { header: 'Status', value: (p) => p.status },
      { header: 'Invoice', value: (p) => p.invoiceCode },
      { header: 'Voucher', value: (p) => p.voucherCode ?? '' },
    ]))
  }
  if (c.invoice) lines.push('', `Invoice ${c.invoice.code}: ${c.invoice.items.map((i) => `${i.name} ${money(i.finalPrice)}`).join('; ')} = ${money(c.invoice.amount)} (${c.invoice.paymentStatus})`)
  return lines.join('\n')
}

interface CheckoutOptions {
  cash?: string
  terminal?: string
  card?: string
  cardId?: string
  voucher?: string[]
}

/** The payments the options name, in the order cash, terminal, card, vouchers. */
export function paymentsOf(opts: CheckoutOptions): CheckoutPaymentInput[] {
  const out: CheckoutPaymentInput[] = []
  if (opts.cash) out.push({ method: 'cash', amount: amountOf('--cash', opts.cash) })
  if (opts.terminal) out.push({ method: 'terminal', amount: amountOf('--terminal', opts.terminal) })
  if (opts.card) out.push({ method: 'card', amount: amountOf('--card', opts.card), ...(opts.cardId ? { cardId: opts.cardId } : {}) })
  else if (opts.cardId) throw usageError('--card-id goes with --card <amount>.')
  for (const v of opts.voucher ?? []) {
    const at = v.lastIndexOf(':')
    if (at <= 0) throw usageError(`--voucher must be CODE:amount, got '${v}'.`)
    out.push({ method: 'voucher', voucherCode: v.slice(0, at).trim(), amount: amountOf('--voucher', v.slice(at + 1)) })
  }
  return out
}

export function registerDeskCommands(admin: Command, ctx: CliContext, call: CliContext['call']): void {
  const block = admin.command('block').description("a practitioner's breaks, blocks (meetings) and leave: availability respects them at once")
  block
    .command('add')
    .description('block time (at most 7 days; never over a booking)')
    .requiredOption('--practitioner <slug>', 'the practitioner (slug, id or name)')
    .requiredOption('--start <when>', "'yyyy-MM-dd HH:mm' (London) or an ISO instant")
    .requiredOption('--end <when>', "'yyyy-MM-dd HH:mm' (London) or an ISO instant")
    .option('--type <type>', `one of ${BLOCK_TYPES.join(', ')} (any case)`, 'Block')
    .option('--location <slug>', 'the location (default: where the practitioner works that day)')
    .option('--note <text>', "a label, e.g. 'Team meeting'")
    .option('--repeat <every>', `repeat the block (within one day) ${REPEAT_EVERY.join(', ')} until --until: all the blocks or none`)
    .option('--until <yyyy-MM-dd>', 'the last date a repeating block falls on (London)')
    .action(async (opts: { practitioner: string; start: string; end: string; type: string; location?: string; note?: string; repeat?: string; until?: string }) => {
      const type = canonicalChoice(opts.type, BLOCK_TYPES)
      if (!type) throw usageError(`--type must be one of ${BLOCK_TYPES.join(', ')} (any case), got '${opts.type}'.`)
      if (opts.repeat !== undefined || opts.until !== undefined) {
        if (!(REPEAT_EVERY as readonly string[]).includes(opts.repeat ?? '')) throw usageError(`--repeat must be one of ${REPEAT_EVERY.join(', ')}, got '${opts.repeat ?? ''}'.`)
        if (!opts.until || !isIsoDate(opts.until)) throw usageError(`--until must be a calendar date as yyyy-MM-dd, got '${opts.until ?? ''}'.`)
      }
      const body = {
        practitioner: opts.practitioner,
        type,
        start: instantOf('--start', opts.start),
        end: instantOf('--end', opts.end),
        ...(opts.location ? { location: opts.location } : {}),
        ...(opts.note ? { note: opts.note } : {}),
      }
      if (opts.repeat && opts.until) {
        const series = { ...body, every: opts.repeat as RepeatEvery, until: opts.until }
        const created = await call('Blocking time', () => ctx.useCase(AddBlockSeries).execute(series))
        return ctx.print(created, () => blocksText(created))
      }
      const created = await call('Blocking time', () => ctx.useCase(AddBlock).execute(body))
      ctx.print(created, () => blocksText([created]))
    })
  block
    .command('list')
    .description('blocks of time starting on the dates (London), by start')
    .requiredOption('--from <yyyy-MM-dd>', 'first day')
    .option('--to <yyyy-MM-dd>', 'last day, included (default: --from)')
    .option('--practitioner <slug>', 'one practitioner (slug, id or name)')
    .action(async (opts: { from: string; to?: string; practitioner?: string }) => {
      const to = opts.to ?? opts.from
      for (const [flag, value] of [['--from', opts.from], ['--to', to]] as const) if (!isIsoDate(value)) throw usageError(`${flag} must be a calendar date as yyyy-MM-dd, got '${value}'.`)
      const rows = await call('Loading blocks', () => ctx.useCase(ListBlocks).execute({ from: opts.from, to, ...(opts.practitioner ? { practitioner: opts.practitioner } : {}) }))
      ctx.print(rows, () => blocksText(rows))
    })
  block
    .command('remove')
    .argument('<block-id>', 'the block id (block list shows it)', parseObjectId)
    .description('remove a block: the time is offered again at once; --series or --following for a repeating block')
    .option('--series', 'remove every block of its repeating series')
    .option('--following', 'remove it and the later blocks of its repeating series')
    .action(async (id: string, opts: { series?: boolean; following?: boolean }) => {
      if (opts.series && opts.following) throw usageError('Choose one of --series and --following.')
      const scope = opts.series ? 'series' : opts.following ? 'following' : undefined
      const done = await call(scope ? 'Removing the blocks' : 'Removing the block', () => ctx.useCase(RemoveBlock).execute(id, scope))
      ctx.print(done, () => done.message ?? 'Removed.')
    })

  admin
    .command('checkout')
    .argument('<appointment-id>', 'the appointment id (admin bookings lists it)', parseObjectId)
    .description('show the balance of a booking, or take it: the payments must add up to the balance')
    .option('--cash <amount>', 'paid in cash')
    .option('--terminal <amount>', 'paid by card on the desk terminal')
    .option('--card <amount>', "charged to the customer's stored card through the processor")
    .option('--card-id <id>', 'which stored card (default: the first)')
    .option('--voucher <code:amount>', 'paid with a gift voucher (repeatable)', (value: string, all: string[] = []) => [...all, value])
    .action(async (id: string, opts: CheckoutOptions) => {
      const payments = paymentsOf(opts)
      const result = payments.length === 0
        ? await call('Loading the balance', () => ctx.useCase(LoadCheckout).execute(id))
        : await call('Taking the balance', () => ctx.useCase(TakeBalance).execute(id, { payments }))
      ctx.print(result, () => checkoutText(result))
    })

  admin
    .command('refund-deposit')
    .argument('<appointment-id>', 'the appointment id (admin bookings lists it)', parseObjectId)
    .description("give the booking's paid deposit back (to the card for card payments); the customer is told by mail; refused once the booking is checked out (the checkout took the deposit off the bill)")
    .action(async (id: string) => {
      const result = await call('Refunding the deposit', () => ctx.useCase(RefundDeposit).execute(id))
      ctx.print(result, () => checkoutText(result))
    })
}
