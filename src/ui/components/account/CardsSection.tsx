import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { TOKENIZER_URL, type CardsViewModel } from '../../view-models/cards.view-model'
import { AppDialog } from '../Dialog'
import { Button } from '../Button'
import { Spinner } from '../Spinner'
import styles from './account.module.css'

// Stripe's or Square's card form: its own chunk, loaded only when that processor keeps the cards.
const CardSetupForm = lazy(() => import('../../payment/CardSetupForm'))

const two = (n: number) => String(n).padStart(2, '0')
const BRAND_SHORT: Record<string, string> = { VISA: 'VISA', MASTERCARD: 'MC', AMERICAN_EXPRESS: 'AMEX', AMEX: 'AMEX', DISCOVER: 'DISC' }
const brandShort = (brand: string) => BRAND_SHORT[brand.toUpperCase()] ?? brand.slice(0, 4).toUpperCase()
const brandName = (brand: string) => brand.toLowerCase().split(/[_\s]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')

/** Stored cards: list, default, delete, and adding one (the sandbox's tokenizer page, or Stripe's / Square's card form). */
export const CardsSection = observer(function CardsSection({ vm }: { vm: CardsViewModel }) {
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (!vm.addDialogOpen) return undefined
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      if (frame.current && event.source !== frame.current.contentWindow) return
      void vm.receiveMessage(event.data)
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [vm, vm.addDialogOpen])
  return (
    <section className={styles.section} aria-labelledby="cards-title">
      <div className={styles.sectionHead}>
        <h2 id="cards-title" className={styles.sectionTitle}>Stored cards</h2>
        <Button variant="secondary" onClick={() => vm.openAdd()}>Add a card</Button>
      </div>
      {vm.error && !vm.addDialogOpen ? <p className={styles.bad} role="alert">{vm.error}</p> : null}
      {vm.loading && !vm.loaded ? <Spinner label="Loading cards" /> : null}
      {vm.isEmpty ? <p className={styles.empty}>You have no stored cards.</p> : null}
      {vm.cards.length > 0 ? (
        <ul className={styles.cards}>
          {vm.cards.map((card) => (
            <li key={card.id} className={styles.card} data-card-id={card.id}>
              <div className={styles.cardTop}>
                <span className={styles.brand} aria-hidden="true">{brandShort(card.card_brand)}</span>
                <div>
                  <div className={styles.cardNumber}>{brandName(card.card_brand)} •••• {card.last_4}</div>
                  <div className={styles.muted}>Expires {two(card.exp_month)}/{card.exp_year}</div>
                </div>
                {card.isDefaultCard ? <span className={styles.badge}>Default</span> : null}
              </div>
              <div className={styles.cardActions}>
                {card.isDefaultCard ? null : (
                  <Button variant="ghost" disabled={vm.busy} onClick={() => void vm.makeCardDefault(card)} aria-label={`Make default card ending ${card.last_4}`}>
                    Make default
                  </Button>
                )}
                <Button variant="ghost" disabled={vm.busy} onClick={() => vm.askDelete(card)} aria-label={`Delete card ending ${card.last_4}`}>Delete</Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <AppDialog title="Add a card" isOpen={vm.addDialogOpen} onClose={() => vm.closeAdd()} wide>
        <label className={styles.check}>
          {/* Fixed while the card is being saved: the choice goes with the card when the customer confirms. */}
          <input type="checkbox" checked={vm.makeDefault} disabled={vm.adding} onChange={(e) => vm.setMakeDefault(e.target.checked)} />
          Make this my default card
        </label>
        {vm.error ? <p className={styles.bad} role="alert">{vm.error}</p> : null}
        {vm.adding ? <Spinner label="Saving your card" /> : null}
        {vm.processor === undefined ? (
          vm.error ? null : <Spinner label="Loading the card form" />
        ) : vm.processor.provider === 'sandbox' ? (
          <iframe ref={frame} className={styles.frame} src={TOKENIZER_URL} title="Card details" />
        ) : (
          <Suspense fallback={<Spinner label="Loading the card form" />}>
            <CardSetupForm vm={vm} />
          </Suspense>
        )}
      </AppDialog>
      <AppDialog
        title="Delete this card?"
        role="alertdialog"
        isOpen={vm.deleting !== undefined}
        onClose={() => vm.cancelDelete()}
        actions={
          <>
            <Button variant="secondary" onClick={() => vm.cancelDelete()}>Keep card</Button>
            <Button variant="danger" disabled={vm.busy} onClick={() => void vm.confirmDelete()}>Delete card</Button>
          </>
        }
      >
        <p>The card ending {vm.deleting?.last_4} will be removed from your account.</p>
      </AppDialog>
    </section>
  )
})

/** The card setup result dialog (setup_intent_client_secret): succeeded, processing or failed. */
export const CardSetupDialog = observer(function CardSetupDialog({ vm }: { vm: CardsViewModel }) {
  const setup = vm.setup
  const failed = setup?.status === 'requires_payment_method'
  const waiting = setup?.status === 'loading' || setup?.status === 'processing'
  return (
    <AppDialog
      title="Payment method"
      isOpen={setup !== undefined}
      onClose={waiting ? undefined : () => vm.closeSetup()}
      actions={
        waiting ? undefined : (
          <>
            {failed ? <Button variant="secondary" onClick={() => void vm.changePaymentMethod()}>Change payment method</Button> : null}
            <Button onClick={() => vm.closeSetup()}>Ok</Button>
          </>
        )
      }
    >
      <div className={styles.center}>
        {waiting ? <Spinner label="Checking your card" /> : null}
        {setup?.message ? <p className={failed ? styles.bad : undefined} role="status">{setup.message}</p> : null}
      </div>
    </AppDialog>
  )
})
