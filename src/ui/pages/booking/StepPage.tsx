import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom'
import { BookingViewModel, STEP_ORDER, type Step } from '../../view-models/booking.view-model'
import { LocationsViewModel } from '../../view-models/locations.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { ServicesViewModel } from '../../view-models/services.view-model'
import { useViewModel } from '../../use-view-model'
import { Spinner } from '../../components/Spinner'
import { SummaryCard } from './SummaryCard'
import { BottomBar } from './BottomBar'
import { BookingDialogs } from './BookingDialogs'
import { ServicesStep } from './ServicesStep'
import { StaffStep } from './StaffStep'
import { Button } from '../../components/Button'
import styles from './StepPage.module.css'
import rows from './rows.module.css'

const TimeStep = lazy(() => import('./TimeStep'))
const ConfirmStep = lazy(() => import('./ConfirmStep'))
const PaymentStep = lazy(() => import('./PaymentStep'))

const TITLES: Record<Step, string> = {
  location: 'Choose a location',
  service: 'Choose a service',
  staff: 'Choose a practitioner',
  time: 'Choose a date and time',
  confirm: 'Confirm your booking',
  payment: 'Payment',
}

const SERVICE_TITLES = { services: 'Choose a service', courses: 'Choose a course', giftVoucher: 'Choose a gift voucher' } as const

const LABELS: Record<Step, string> = {
  location: 'Location', service: 'Services', staff: 'Staff', time: 'Time', confirm: 'Confirm', payment: 'Payment',
}

/** /step/{locationId}/{categoryId?}/{serviceId?}[/confirm]: the wizard, step from the URL. */
const StepPage = observer(function StepPage() {
  const booking = useViewModel<BookingViewModel>(BookingViewModel)
  const locations = useViewModel<LocationsViewModel>(LocationsViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const params = useParams()
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const confirm = pathname.endsWith('/confirm')

  const services = useViewModel<ServicesViewModel>(ServicesViewModel)
  useEffect(() => {
    const route = {
      locationId: params.locationId,
      categoryId: params.categoryId,
      serviceId: params.serviceId,
      confirm,
      query: Object.fromEntries(search.entries()),
    }
    booking.syncRoute(route)
    // A step URL opened with an empty wizard (reload, shared link, course booking): rebuild what it names.
    void services.restoreRoute(route, locations)
  }, [booking, services, locations, params.locationId, params.categoryId, params.serviceId, confirm, search])
  // Another page (the location list, the account): the wizard's last URL is no longer the browser's.
  useEffect(() => () => booking.leaveRoute(), [booking])

  // Confirm needs a signed-in customer: the login modal cannot be closed there.
  useEffect(() => {
    if ((booking.view.step === 'confirm' || booking.view.step === 'payment') && session.userLoaded && !session.authenticated) {
      session.requireLogin({ locked: true })
    }
  }, [booking.view.step, session, session.userLoaded, session.authenticated])

  // The later steps' code is fetched while the customer chooses, so a connection lost mid-flow
  // fails on data (with a message and 'Try again') rather than on a missing chunk. One import a task:
  // each adds a <link rel=modulepreload> per chunk it needs, together a long task (issue 18: TBT).
  // From the customer's first touch or key on the page, not while it loads: their modules run as they
  // arrive, react-aria's with its default locale (the page's first Intl.DateTimeFormat work, 30-45 ms
  // of CPU in one task: x4 on a phone, Lighthouse's TBT of /step, issue 28).
  useEffect(() => {
    const later = [() => import('./TimeStep'), () => import('./ConfirmStep'), () => import('../login/LoginModal')]
    let timers: ReturnType<typeof setTimeout>[] = []
    const starts = ['pointerdown', 'keydown'] as const
    const stop = () => starts.forEach((name) => window.removeEventListener(name, start, true))
    function start() {
      stop()
      timers = later.map((load, i) => setTimeout(() => void load().catch(() => undefined), 50 * i))
    }
    starts.forEach((name) => window.addEventListener(name, start, { capture: true, passive: true }))
    return () => {
      stop()
      timers.forEach(clearTimeout)
    }
  }, [])

  // A step change unmounts what had the focus (a row, a dialog's button, a calendar day): keyboard
  // and screen-reader users are put on the new step's heading instead of the top of the page.
  const titleRef = useRef<HTMLHeadingElement>(null)
  const stepKey = `${booking.view.step}:${booking.view.timeStep}`
  const firstStep = useRef(true)
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    const timer = setTimeout(() => {
      const active = document.activeElement
      if (!active || active === document.body || !active.isConnected) titleRef.current?.focus({ preventScroll: true })
    }, 150)
    return () => clearTimeout(timer)
  }, [stepKey])

  // Card setup results (stripeRedirect, setup_intent_client_secret) are shown by the customer area.
  if (search.has('stripeRedirect') || search.has('setup_intent_client_secret')) {
    return <Navigate to={`/app?${search.toString()}`} replace />
  }

  // A purchase's payment step whose payment could not be asked of the server: headed as the payment it is (nothing else is rebuilt).
  const purchaseFailed = services.purchases.failed
  const step = purchaseFailed !== undefined ? 'payment' : booking.view.step
  const index = STEP_ORDER.indexOf(step)
  const ready = booking.view.location !== undefined && !booking.view.restoring
  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby="step-title">
        <div className={styles.top}>
          {step !== 'payment' ? (
            <button type="button" className={styles.back} onClick={() => booking.back()} aria-label="Back">‹</button>
          ) : null}
          <div className={styles.heading}>
            <span className={styles.stepLabel}>Step {Math.min(index + 1, 5)} of 5 · {LABELS[step]}</span>
            <h1 id="step-title" className={styles.title} ref={titleRef} tabIndex={-1}>{step === 'service' ? SERVICE_TITLES[booking.view.serviceView] : TITLES[step]}</h1>
          </div>
        </div>
        <ol className={styles.progress} aria-hidden="true">
          {STEP_ORDER.slice(0, 5).map((s, i) => <li key={s} data-done={i <= index} />)}
        </ol>
        {!ready ? (
          <Spinner />
        ) : purchaseFailed !== undefined ? (
          // As the other steps' failures; never confirm, whose 'agree' would begin a second invoice.
          <div className={rows.empty} role="alert">
            <p>{purchaseFailed}</p>
            <Button variant="secondary" onClick={() => void services.purchases.tryAgain()}>Try again</Button>
          </div>
        ) : (
          <Suspense fallback={<Spinner />}>
            {step === 'service' ? <ServicesStep /> : null}
            {step === 'staff' ? <StaffStep /> : null}
            {step === 'time' ? <TimeStep /> : null}
            {step === 'confirm' ? <ConfirmStep /> : null}
            {step === 'payment' ? <PaymentStep /> : null}
          </Suspense>
        )}
      </section>
      {/* Nothing is rebuilt while the purchase's payment could not be asked for: a summary would say 'Nothing selected yet'. */}
      {purchaseFailed === undefined ? (
        <>
          <aside className={styles.aside} aria-label="Booking summary">
            <SummaryCard />
          </aside>
          <BottomBar />
        </>
      ) : null}
      <BookingDialogs />
    </div>
  )
})

export default StepPage
