import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { EMPTY_TEXTS, ServicesViewModel } from '../../view-models/services.view-model'
import { durationText } from '../../view-models/catalogue-views'
import { GiftVoucherViewModel } from '../../view-models/gift-voucher.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import type { ServiceView } from '../../view-models/views'
import { useViewModel } from '../../use-view-model'
import { Skeleton, Spinner } from '../../components/Spinner'
import { LazyDialog } from '../../components/LazyDialog'
import { Button } from '../../components/Button'
import { formatMoney, type Currency } from '../../../domain/pricing/money'
import { servicePriceLabel } from '../../../domain/booking/summary'
import styles from './rows.module.css'

const ServiceRow = observer(function ServiceRow({ service, currency, onChoose, onInfo, course, reserveInfo }: {
  service: ServiceView; currency: Currency; onChoose: () => void; onInfo: () => void; course?: boolean; reserveInfo?: boolean
}) {
  const price = course
    ? formatMoney(service.salePrice ?? service.defaultPrice, currency)
    : servicePriceLabel({ price: service.defaultPrice, lowestPrice: service.lowestPrice, highestPrice: service.highestPrice }, currency)
  const name = service.onlineName ?? service.name
  return (
    <li className={styles.rowWrap}>
      <button type="button" className={styles.row} onClick={onChoose}>
        <span className={styles.rowMain}>
          <span className={styles.rowName}>{name}</span>
          {service.onlineSubtitle ? <span className={styles.rowSub}>{service.onlineSubtitle}</span> : null}
        </span>
        <span className={styles.rowMeta}>
          {service.showPriceOnline !== false ? <span className={styles.rowPrice}>{price}</span> : null}
          {!course && service.showDurationOnline !== false ? <span className={styles.rowDuration}>{durationText(service)}</span> : null}
        </span>
      </button>
      {service.onlineDescription ? (
        <button type="button" className={styles.info} aria-label={`About ${name}`} onClick={onInfo}>i</button>
      ) : reserveInfo ? <span className={styles.infoSpacer} aria-hidden="true" /> : null}
    </li>
  )
})

/** Services step: Services / Courses / Gift voucher, categories as headings, paged list. */
export const ServicesStep = observer(function ServicesStep() {
  const vm = useViewModel<ServicesViewModel>(ServicesViewModel)
  const vouchers = useViewModel<GiftVoucherViewModel>(GiftVoucherViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const booking = vm.booking
  const clinicId = booking.view.location?.id
  const currency = session.currency

  useEffect(() => {
    if (clinicId) void vm.open(clinicId)
  }, [vm, clinicId])
  useEffect(() => {
    if (booking.view.serviceView === 'courses') void vm.loadCourses()
  }, [vm, booking.view.serviceView, vm.clinicId])
  useEffect(() => {
    const onScroll = () => vm.onScroll(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [vm])
  useEffect(() => {
    // A first page shorter than the screen cannot be scrolled: fetch the next one straight away.
    if (!vm.loading && !vm.exhausted && document.documentElement.scrollHeight <= window.innerHeight) void vm.loadMore()
  }, [vm, vm.loading, vm.exhausted, vm.services.length])

  const views: { id: 'services' | 'courses' | 'giftVoucher'; label: string }[] = [
    { id: 'services', label: 'Services' },
    { id: 'courses', label: 'Courses' },
    ...(session.organisation?.sellGiftVoucherOnline ? [{ id: 'giftVoucher' as const, label: 'Gift voucher' }] : []),
  ]
  return (
    <>
      <div className={styles.switch} role="group" aria-label="What would you like to book?">
        {views.map((v) => (
          <button
            key={v.id}
            type="button"
            className={styles.switchButton}
            aria-pressed={booking.view.serviceView === v.id}
            disabled={booking.view.isViewLocked(v.id)}
            onClick={() => vm.setView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>

      {booking.view.serviceView === 'services' ? (
        <div className={styles.groups}>
          {vm.services.length === 0 && vm.loading ? <Skeleton rows={5} /> : null}
          {vm.groups.map((group) => (
            <section key={group.category.id} className={styles.group} aria-labelledby={`cat-${group.category.id}`}>
              <h2 id={`cat-${group.category.id}`} className={styles.groupTitle}>{group.category.name}</h2>
              <ul className={styles.list}>
                {group.services.map((s) => (
                  <ServiceRow key={s.id} service={s} currency={currency} reserveInfo={group.services.some((x) => x.onlineDescription)} onChoose={() => vm.choose(s)} onInfo={() => vm.showInfo(s)} />
                ))}
              </ul>
            </section>
          ))}
          {vm.services.length > 0 && vm.loading ? <Spinner label="Loading more services" /> : null}
          {vm.emptyText ? <p className={styles.empty}>{vm.emptyText}</p> : null}
        </div>
      ) : null}

      {booking.view.serviceView === 'courses' ? (
        <div className={styles.groups}>
          {vm.loading && !vm.coursesLoaded ? <Skeleton rows={4} /> : null}
          {vm.shownCourses.map((group) => (
            <section key={group.id} className={styles.group} aria-labelledby={`course-cat-${group.id}`}>
              <h2 id={`course-cat-${group.id}`} className={styles.groupTitle}>{group.name}</h2>
              {group.courses.length === 0 ? (
                <p className={styles.emptyInline}>{EMPTY_TEXTS.courseCategory}</p>
              ) : (
                <ul className={styles.list}>
                  {group.courses.map((c) => (
                    <ServiceRow key={c.id} course service={c} currency={currency} reserveInfo={group.courses.some((x) => x.onlineDescription)} onChoose={() => vm.choose(c)} onInfo={() => vm.showInfo(c)} />
                  ))}
                </ul>
              )}
            </section>
          ))}
          {vm.emptyText ? <p className={styles.empty}>{vm.emptyText}</p> : null}
          {booking.view.isCoursePurchase ? (
            <div className={styles.footer}><Button onClick={() => booking.buyNow()}>Buy now</Button></div>
          ) : null}
        </div>
      ) : null}

      {booking.view.serviceView === 'giftVoucher' ? (
        <ul className={styles.vouchers} aria-label="Gift voucher amounts">
          {vouchers.values.map((value) => (
            <li key={value}>
              <button type="button" className={styles.voucher} onClick={() => vouchers.choose(value)}>{formatMoney(value, currency)}</button>
            </li>
          ))}
        </ul>
      ) : null}

      <LazyDialog
        title={vm.infoService ? (vm.infoService.onlineName ?? vm.infoService.name) : ''}
        isOpen={vm.infoService !== undefined}
        onClose={() => vm.showInfo(undefined)}
        actions={<Button onClick={() => vm.showInfo(undefined)}>Close</Button>}
      >
        <p>{vm.infoService?.onlineDescription}</p>
      </LazyDialog>
    </>
  )
})
