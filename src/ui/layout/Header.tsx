import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useRef, useState } from 'react'
import { htmlText, useSanitisedHtml } from '../components/SafeHtml'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { SessionViewModel } from '../view-models/session.view-model'
import { headerActions, headerLoginDestination } from './header-login'
import { useAfterHydration } from '../use-after-hydration'
import { pageShown } from '../page-shown'
import styles from './Header.module.css'

/** Logo, '{name} Online Booking', banner HTML, 'Log in' / 'Hi {first name}', 'Manage appointments' (in the staff area: 'Booking site'). */
export const Header = observer(function Header({ session }: { session: SessionViewModel }) {
  const org = session.organisation
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [logoFailed, setLogoFailed] = useState(false)
  const bannerHtml = org?.showHomeBannerText ? org.homeBannerText : undefined
  // Sanitised once the page below has rendered (hydrated): the location list first (issue 28).
  const banner = useSanitisedHtml(bannerHtml, pageShown)
  // Its words take the banner's room until the sanitiser has loaded (no layout shift when it does).
  const bannerPlaceholder = useMemo(() => htmlText(bannerHtml), [bannerHtml])
  // On a phone the banner takes one line (the clinics stay above the fold); 'More' shows it whole.
  const [bannerOpen, setBannerOpen] = useState(false)
  const [bannerCut, setBannerCut] = useState(false)
  const bannerRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = bannerRef.current
    if (!el || bannerOpen) return undefined
    const measure = () => setBannerCut(el.scrollWidth > el.clientWidth + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return undefined
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [banner, bannerOpen])
  // A signed-in customer's greeting replaces 'Log in' right after hydration (the server renders a new visitor's header).
  const authenticated = useAfterHydration(session.authenticated, false)
  const logIn = () => {
    const destination = headerLoginDestination(pathname)
    session.requireLogin(destination ? { then: () => navigate(destination) } : {})
  }
  const actions = headerActions(pathname)
  const manage = () => {
    if (session.authenticated) navigate('/app')
    else session.requireLogin({ then: () => navigate('/app') })
  }
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {org?.logo && !logoFailed ? (
            <img
              className={styles.logo}
              src={org.logo}
              width={100}
              height={40}
              alt={`${org.name} logo`}
              onError={() => setLogoFailed(true)}
              ref={(img) => {
                if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setLogoFailed(true)
              }}
            />
          ) : null}
          <span className={styles.title}>{session.headerTitle}</span>
        </Link>
        <nav className={styles.actions} aria-label="Account">
          {actions.account ? (
            authenticated ? (
              <span className={styles.greeting}>Hi {session.user?.firstName}</span>
            ) : (
              <button type="button" className={styles.link} onClick={logIn}>Log in</button>
            )
          ) : null}
          {actions.manageAppointments ? (
            <button type="button" className={`${styles.link} ${styles.manage}`} onClick={manage}>Manage appointments</button>
          ) : null}
          {actions.bookingSite ? <Link to="/" className={styles.link}>Booking site</Link> : null}
        </nav>
      </div>
      {banner ? (
        <div className={styles.bannerRow}>
          <div id="home-banner" ref={bannerRef} className={`${styles.banner} ${bannerOpen ? '' : styles.bannerClamped}`} dangerouslySetInnerHTML={{ __html: banner }} />
          {bannerCut || bannerOpen ? (
            <button type="button" className={styles.more} aria-expanded={bannerOpen} aria-controls="home-banner" onClick={() => setBannerOpen(!bannerOpen)}>
              {bannerOpen ? 'Less' : 'More'}
            </button>
          ) : null}
        </div>
      ) : bannerPlaceholder ? (
        <div className={styles.bannerRow} aria-hidden="true">
          <div className={`${styles.banner} ${styles.bannerClamped}`}>{bannerPlaceholder}</div>
        </div>
      ) : null}
    </header>
  )
})
