import { observer } from 'mobx-react-lite'
import { BookingViewModel } from '../../view-models/booking.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { addressLine } from '../../view-models/locations.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { formatMoney } from '../../../domain/pricing/money'
import { formatLondonLongDate, formatLondonTime } from '../../../domain/time'
import { PaymentViewModel } from '../../view-models/payment.view-model'
import styles from './SummaryCard.module.css'

export const COURSE_SESSION_PRICE_TEXT = 'Included in your course'


/** Side summary: location, basket items, date and time, total and the item actions. */
export const SummaryCard = observer(function SummaryCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const booking = useViewModel<BookingViewModel>(BookingViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const currency = session.currency
  const clinic = booking.view.location
  const payment = useViewModel<PaymentViewModel>(PaymentViewModel)
  // The payment step: what the card pays now and what is left for the clinic, beside the total.
  const amounts = booking.view.step === 'payment' ? payment.amounts : undefined
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const start = booking.view.startTime
  const course = booking.view.isCoursePurchase
  return (
    <div className={styles.card}>
      <Heading className={styles.title}>Your booking</Heading>
      {clinic ? (
        <div className={styles.section}>
          <span className={styles.label}>Location</span>
          <strong>{clinic.accountName}</strong>
          <span className={styles.muted}>{addressLine(clinic)}</span>
        </div>
      ) : null}
      <div className={styles.section}>
        <span className={styles.label}>{course || booking.view.serviceView === 'courses' ? 'Courses' : booking.view.giftVouchers.length || booking.view.serviceView === 'giftVoucher' ? 'Gift voucher' : 'Services'}</span>
        {booking.view.basket.length === 0 && booking.view.giftVouchers.length === 0 ? <p className={styles.empty}>Nothing selected yet.</p> : null}
        <ul className={styles.items}>
          {booking.view.basket.map((item, index) => (
            <li key={`${item.service.id}-${index}`} className={styles.item}>
              <div className={styles.itemTop}>
                <span>{item.service.onlineName ?? item.service.name}</span>
                <span className={styles.price}>{formatMoney(booking.view.priceOf(item), currency)}</span>
              </div>
              <span className={styles.muted}>
                {booking.view.isCoveredByCourse(item) ? `${COURSE_SESSION_PRICE_TEXT} · ` : ''}
                {item.kind === 'course' ? 'Course' : `${item.staff?.duration ?? item.service.defaultDuration} mins`}
                {item.staff?.displayName ? ` · ${item.staff.displayName}` : item.anyStaff ? ' · Any practitioner' : ''}
              </span>
              <div className={styles.itemActions}>
                {booking.view.canRemoveItems ? (
                  <button type="button" className={styles.small} onClick={() => booking.askRemove(index)}>remove</button>
                ) : null}
                {booking.view.canChangeItems ? (
                  <button type="button" className={styles.small} onClick={() => booking.changeStaff(index)}>change</button>
                ) : null}
              </div>
            </li>
          ))}
          {booking.view.giftVouchers.map((v, i) => (
            <li key={`gv-${i}`} className={styles.item}>
              <div className={styles.itemTop}>
                <span>Gift voucher</span>
                <span className={styles.price}>{formatMoney(v.value, currency)}</span>
              </div>
              {v.receiver ? <span className={styles.muted}>For {v.receiver.name}</span> : null}
              {booking.view.canRemoveItems ? (
                <div className={styles.itemActions}>
                  <button type="button" className={styles.small} onClick={() => booking.removeGiftVoucher()}>remove</button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {start ? (
        <div className={styles.section}>
          <span className={styles.label}>Date and time</span>
          <span>{formatLondonLongDate(new Date(start))}</span>
          <span className={styles.muted}>{formatLondonTime(new Date(start))}</span>
        </div>
      ) : null}
      <div className={styles.total}>
        <span>Total</span>
        <span>{formatMoney(booking.view.total, currency)}</span>
      </div>
      {amounts ? (
        <dl className={styles.split}>
          <div className={styles.due}>
            <dt>To pay now</dt>
            <dd>{formatMoney(amounts.dueNow, currency)}</dd>
          </div>
          {amounts.atClinic > 0 ? (
            <div>
              <dt>Left to pay at the clinic</dt>
              <dd>{formatMoney(amounts.atClinic, currency)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {booking.view.canAddAnother && !course && booking.view.basket.length > 0 && (booking.view.step === 'time' || booking.view.step === 'staff') ? (
        <Button variant="secondary" onClick={() => booking.addAnother()}>Add another service</Button>
      ) : null}
      {course && booking.view.step === 'service' ? <Button onClick={() => booking.buyNow()}>Buy now</Button> : null}
    </div>
  )
})
