import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { ANY_PRACTITIONER, KEEP_PRACTITIONER_LABEL, StaffViewModel } from '../../view-models/staff.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { useViewModel } from '../../use-view-model'
import { Skeleton } from '../../components/Spinner'
import { Avatar } from '../../components/Avatar'
import { LazyDialog, preloadDialog } from '../../components/LazyDialog'
import { Button } from '../../components/Button'
import { formatMoney } from '../../../domain/pricing/money'
import styles from './rows.module.css'

/** Staff step: practitioners with avatar, duration and price, plus 'Any practitioner'. */
export const StaffStep = observer(function StaffStep() {
  const vm = useViewModel<StaffViewModel>(StaffViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const item = vm.booking.view.activeItem
  const currency = session.currency
  // Choosing a practitioner asks the another-service question: its code is on its way before the tap.
  useEffect(preloadDialog, [])
  useEffect(() => {
    void vm.load()
  }, [vm, item?.service.id, vm.booking.view.location?.id])

  if (!item) return <Skeleton rows={3} />
  const any = vm.anyPrice
  return (
    <>
      <p className={styles.rowSub}>For <strong>{item.service.onlineName ?? item.service.name}</strong></p>
      {vm.loading ? <Skeleton rows={3} /> : null}
      {vm.emptyText ? <p className={styles.empty}>{vm.emptyText}</p> : null}
      {vm.failed !== undefined && !vm.loading ? (
        <div className={styles.empty} role="alert">
          <p>{vm.failed}</p>
          <Button variant="secondary" onClick={() => void vm.load()}>Try again</Button>
        </div>
      ) : null}
      <ul className={styles.list} aria-label="Practitioners">
        {vm.showAny ? (
          <li className={styles.rowWrap}>
            <button type="button" className={`${styles.row} ${styles.rowWithNext}`} data-selected={vm.selectedId === 'any'} onClick={() => vm.choose('any')}>
              <Avatar name="Any" icon="group" />
              <span className={styles.rowMain}>
                <span className={styles.rowName}>{ANY_PRACTITIONER}</span>
                <span className={styles.rowSub}>First available</span>
              </span>
              <span className={styles.rowMeta}>
                {any ? <span className={styles.rowPrice}>{any.from ? 'From ' : ''}<span>{formatMoney(any.amount, currency)}</span></span> : null}
              </span>
              <span className={styles.rowNext}>{vm.nextOf('any') ?? '\u00a0'}</span>
            </button>
            {vm.practitioners.some((x) => x.description) ? <span className={styles.infoSpacer} aria-hidden="true" /> : null}
          </li>
        ) : null}
        {vm.practitioners.map((p) => (
          <li key={p.id} className={styles.rowWrap}>
            <button type="button" className={`${styles.row} ${styles.rowWithNext}`} data-selected={vm.selectedId === p.id} onClick={() => vm.choose(p)}>
              <Avatar name={p.displayName} src={p.avatar} />
              <span className={`${styles.rowMain} ${styles.rowMainTruncate}`}>
                {/* One line on a phone: a long name ends in an ellipsis; the title and the button's name keep it whole. */}
                <span className={`${styles.rowName} ${styles.rowNameTruncate}`} title={p.displayName}>{p.displayName}</span>
              </span>
              <span className={styles.rowMeta}>
                <span className={styles.rowPrice}>{formatMoney(vm.priceOf(p), currency)}</span>
                <span className={styles.rowDuration}>{vm.durationOf(p)} mins</span>
              </span>
              <span className={styles.rowNext}>{vm.nextOf(p.id) ?? '\u00a0'}</span>
            </button>
            {p.description ? (
              <button type="button" className={styles.info} aria-label={`About ${p.displayName}`} onClick={() => vm.showInfo(p)}>i</button>
            ) : vm.practitioners.some((x) => x.description) ? <span className={styles.infoSpacer} aria-hidden="true" /> : null}
          </li>
        ))}
      </ul>
      {vm.booking.keptPractitioner ? (
        // A reschedule asks no question after the choice: the practitioner shown chosen is kept with this (the phone's bar has it too).
        <div className={styles.stepAction}>
          <p className={styles.rowSub}>Keep {vm.booking.keptPractitioner === 'any' ? ANY_PRACTITIONER.toLowerCase() : vm.booking.keptPractitioner.displayName}, or choose another practitioner.</p>
          <Button onClick={() => vm.booking.keepPractitioner()}>{KEEP_PRACTITIONER_LABEL}</Button>
        </div>
      ) : null}
      <LazyDialog
        title={vm.infoPractitioner?.displayName ?? ''}
        isOpen={vm.infoPractitioner !== undefined}
        onClose={() => vm.showInfo(undefined)}
        actions={<Button onClick={() => vm.showInfo(undefined)}>Close</Button>}
      >
        <p>{vm.infoPractitioner?.description}</p>
      </LazyDialog>
    </>
  )
})
