import { observer } from 'mobx-react-lite'
import { Button } from '../../components/Button'
import { AppDialog } from '../../components/Dialog'
import { TextField } from '../../components/Field'
import { formatMoney, currencyOrDefault } from '../../../domain/pricing/money'
import { londonTimeOf } from '../../../domain/time'
import type { CheckoutMethod } from '../../../contract/desk-calendar.routes'
import type { PaymentLine, PaymentLineFieldError } from '../../../domain/desk/payment-lines'
import type { StaffCheckoutViewModel } from '../../view-models/staff-checkout.view-model'
import { StaffSelect } from './StaffControls'
import desk from './StaffDesk.module.css'
import styles from './StaffWeek.module.css'

const METHODS: { value: CheckoutMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'terminal', label: 'Card on the terminal' },
  { value: 'card', label: 'Stored card' },
  { value: 'voucher', label: 'Gift voucher' },
]

/** One payment line; with several, each field's label names its line ('Payment 2 amount'); a refused field shows why beside it. */
const LineFields = observer(function LineFields({ vm, line, index, count, fieldError }: { vm: StaffCheckoutViewModel; line: PaymentLine; index: number; count: number; fieldError?: PaymentLineFieldError }) {
  const n = count > 1 ? `Payment ${index + 1} ` : ''
  const errorOf = (field: PaymentLineFieldError['field']) => (fieldError?.line === index && fieldError.field === field ? fieldError.message : undefined)
  return (
    <li className={styles.paymentLine}>
      <StaffSelect label={n ? `${n}method` : 'Payment method'} value={line.method} options={METHODS} onChange={(v) => vm.setLine(index, 'method', v as CheckoutMethod)} />
      <TextField label={n ? `${n}amount` : 'Amount'} value={line.amount} error={errorOf('amount')} onChange={(v) => vm.setLine(index, 'amount', v)} />
      {line.method === 'voucher' ? <TextField label={n ? `${n}voucher code` : 'Gift voucher code'} value={line.voucherCode} error={errorOf('voucherCode')} onChange={(v) => vm.setLine(index, 'voucherCode', v)} /> : null}
      {count > 1 ? <Button variant="ghost" onClick={() => vm.removeLine(index)} aria-label={`Remove payment ${index + 1}`}>Remove</Button> : null}
    </li>
  )
})

/**
 * The checkout of a booking: price, paid, balance and the payments so far; the balance taken over one
 * or more payment lines (a split bill) that must add up to it, what is left to pay shown as the desk
 * types; the deposit refunded. The day view and the week view each show it with their own checkout.
 */
export const CheckoutDialog = observer(function CheckoutDialog({ vm }: { vm: StaffCheckoutViewModel }) {
  const booking = vm.checkingOut
  const c = vm.checkout
  const form = vm.checkoutForm
  const money = (n: number) => formatMoney(n, currencyOrDefault(c?.currency))
  const left = vm.leftToPay
  return (
    <AppDialog
      title="Checkout"
      isOpen={booking !== undefined}
      onClose={() => vm.close()}
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.close()}>Close</Button>
          {c && c.refundableDeposit > 0 ? <Button variant="danger" onClick={() => void vm.refundDeposit()} disabled={vm.busy}>Refund deposit</Button> : null}
          {c && c.balance > 0 ? <Button onClick={() => void vm.pay()} busy={vm.busy}>Take payment</Button> : null}
        </>
      }
    >
      {booking ? <p>{booking.service} for {booking.customer}, {londonTimeOf(new Date(booking.start))}</p> : null}
      {c ? (
        <>
          <dl className={styles.summary}>
            <dt>Price</dt><dd>{money(c.price)}</dd>
            <dt>Paid</dt><dd>{money(c.paid)}</dd>
            <dt>Balance</dt><dd>{money(c.balance)}</dd>
          </dl>
          {c.payments.length > 0 ? (
            <ul className={styles.payments} aria-label="Payments">
              {c.payments.map((p, i) => <li key={i}>{p.type} {money(p.amount)} ({p.status}){p.voucherCode ? `, voucher ${p.voucherCode}` : ''}, invoice {p.invoiceCode}</li>)}
            </ul>
          ) : null}
          {c.balance === 0 ? <p role="status">Paid in full.</p> : null}
        </>
      ) : form?.error ? null : <p role="status">Loading…</p>}
      {form && c && c.balance > 0 ? (
        <>
          <ul className={styles.paymentLines} aria-label="Payment lines">
            {form.lines.map((line, i) => <LineFields key={i} vm={vm} line={line} index={i} count={form.lines.length} fieldError={form.fieldError} />)}
          </ul>
          <p className={styles.leftToPay} aria-live="polite">
            {left > 0 ? `Left to pay: ${money(left)}` : left < 0 ? `${money(-left)} more than the balance` : 'The payments add up to the balance.'}
          </p>
          <div className={styles.entryActions}>
            <Button variant="secondary" onClick={() => vm.addLine()}>Split: add a payment</Button>
          </div>
        </>
      ) : null}
      {form?.error ? <p className={desk.error} role="alert">{form.error}</p> : null}
    </AppDialog>
  )
})
