import { observer } from 'mobx-react-lite'
import { useMemo, useState } from 'react'
import { htmlText, useSanitisedHtml } from '../components/SafeHtml'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { SessionViewModel } from '../view-models/session.view-model'
import { headerLoginDestination } from './header-login'
import styles from './Header.module.css'

/** Logo, '{name} Online Booking', banner HTML, 'Log in' / 'Hi {first name}', 'Manage appointments'. */
export const Header = observer(function Header({ session }: { session: SessionViewModel }) {
  const org = session.organisation
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [logoFailed, setLogoFailed] = useState(false)
  const bannerHtml = org?.showHomeBannerText ? org.homeBannerText : undefined
  const banner = useSanitisedHtml(bannerHtml)
  // Its words take the banner's room until the sanitiser has loaded (no layout shift when it does).
  const bannerPlaceholder = useMemo(() => htmlText(bannerHtml), [bannerHtml])
  const logIn = () => {
    const destination = headerLoginDestination(pathname)
    session.requireLogin(destination ? { then: () => navigate(destination) } : {})
  }
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
          {session.authenticated ? (
            <span className={styles.greeting}>Hi {session.user?.firstName}</span>
          ) : (
            <button type="button" className={styles.link} onClick={logIn}>Log in</button>
          )}
          {pathname.startsWith('/app') ? null : (
            <button type="button" className={styles.link} onClick={manage}>Manage appointments</button>
          )}
        </nav>
      </div>
      {banner ? (
        <div className={styles.banner} dangerouslySetInnerHTML={{ __html: banner }} />
      ) : bannerPlaceholder ? (
        <div className={styles.banner} aria-hidden="true">{bannerPlaceholder}</div>
      ) : null}
    </header>
  )
})
