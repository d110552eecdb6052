import { observer } from 'mobx-react-lite'
import { useEffect, type MouseEvent } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { addressLine, LocationsViewModel } from '../../view-models/locations.view-model'
import { LazyBooking } from '../../view-models/lazy-booking.view-model'
import type { ClinicView } from '../../view-models/views'
import { useViewModel } from '../../use-view-model'
import { Skeleton } from '../../components/Spinner'
import styles from './LocationListPage.module.css'

function PinIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  )
}

/**
 * '/' and '/step/location': the location list (first view of the app). With exactly one clinic the
 * user goes straight to /step/{id} (not on the 'all bookings' variant, newAppt=true). On
 * /step/location a course booking continues to the preselected category and service.
 */
const LocationListPage = observer(function LocationListPage() {
  const vm = useViewModel<LocationsViewModel>(LocationsViewModel)
  const booking = useViewModel<LazyBooking>(LazyBooking)
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const newAppt = params.get('newAppt') === 'true'
  const courseCategory = params.get('preselectedCategory')
  const courseService = params.get('preselectedService')
  const courseBooking = pathname === '/step/location' && params.get('courseServiceBooking') === 'true'

  const courseHref = (clinic: ClinicView) => `/step/${clinic.id}/${courseCategory}/${courseService}?course=true&courseServiceBooking=true`
  const choose = async (clinic: ClinicView, replace = false) => {
    if (!courseBooking) return vm.choose(clinic, replace)
    if (!courseCategory || !courseService) return
    const wizard = await booking.load()
    wizard.setLocation(clinic)
    navigate(courseHref(clinic), { replace })
  }
  // Each clinic is a link to its next step (issue 28): a tap on the server's markup before the app has
  // hydrated it navigates as a link; once hydrated, the app's own move (the wizard's state, no reload).
  // Until the wizard exists (its module loads with the first tap) its state is the initial one: no kept query.
  const hrefOf = (clinic: ClinicView) =>
    courseBooking && courseCategory && courseService ? courseHref(clinic) : `/step/${clinic.id}${courseBooking ? '' : (booking.current?.view.queryString ?? '')}`
  const follow = (event: MouseEvent<HTMLAnchorElement>, clinic: ClinicView) => {
    // A new tab or window (modifier keys, middle button) is the browser's own.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    const href = event.currentTarget.href
    // The wizard's module could not load (network): the link as a link.
    choose(clinic).catch(() => window.location.assign(href))
  }

  useEffect(() => {
    // A new booking starts from the wizard's initial state, which a wizard not made yet is in.
    if (newAppt) booking.current?.clearBookingInfo()
    void vm.load({
      autoSelect: false,
      then: (clinics) => {
        if (!newAppt && clinics.length === 1) void choose(clinics[0], true)
      },
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newAppt])

  if (params.has('stripeRedirect') || params.has('setup_intent_client_secret')) {
    return <Navigate to={`/app?${params.toString()}`} replace />
  }

  return (
    <section className={styles.page} aria-labelledby="locations-title">
      <div className={styles.intro}>
        <h1 id="locations-title" className={styles.title}>{newAppt ? 'Book a new appointment' : 'Choose a location'}</h1>
        <p className={styles.lead}>Select the clinic you would like to visit.</p>
      </div>
      {vm.loading && !vm.loaded ? (
        <Skeleton rows={3} />
      ) : vm.failed || (vm.clinics.length === 0 && vm.loaded) ? (
        <p className={styles.empty}>Online booking is currently unavailable</p>
      ) : (
        <ul className={styles.list}>
          {vm.clinics.map((clinic, index) => (
            <li key={clinic.id}>
              <a className={styles.item} href={hrefOf(clinic)} onClick={(event) => follow(event, clinic)}>
                {clinic.photo ? (
                  // sized, so nothing moves when it arrives; the first cards are above the fold, the rest lazy
                  <img className={styles.photo} src={clinic.photo} alt="" width={56} height={56} loading={index < 3 ? 'eager' : 'lazy'} decoding="async" />
                ) : (
                  <span className={styles.pin}><PinIcon /></span>
                )}
                <span className={styles.text}>
                  <span className={styles.name}>{clinic.accountName}</span>
                  <span className={styles.address}>{addressLine(clinic)}</span>
                </span>
                <span className={styles.chevron} aria-hidden="true">›</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
})

export default LocationListPage
