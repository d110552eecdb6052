import { observer } from 'mobx-react-lite'
import { Link } from 'react-router-dom'
import { CONSENT_BANNER, COOKIE_BANNER, STAGING_BANNER, type SessionViewModel } from '../view-models/session.view-model'
import { Button } from '../components/Button'
import { LEGAL_LINKS } from './legal-links'
import { useAfterHydration } from '../use-after-hydration'
import styles from './Banners.module.css'

export const StagingBanner = observer(function StagingBanner({ session }: { session: SessionViewModel }) {
  return session.showStagingBanner ? <div className={styles.staging} role="note">{STAGING_BANNER}</div> : null
})

/**
 * The cookie notice (spec section 1: staging and local environments only): a bar above the header, a
 * small bottom sheet on a phone. Hydrated as the server rendered it (a new visitor's), then as this
 * visitor's answer says (public/first-view-boot.js hides it before the first paint when answered).
 */
export const CookieBanner = observer(function CookieBanner({ session }: { session: SessionViewModel }) {
  if (!useAfterHydration(session.showCookieBanner, session.newVisitorSeesCookieBanner)) return null
  return (
    <section className={styles.cookie} aria-label="Cookies" data-cookie-sheet="cookies">
      <div className={styles.cookieInner}>
        <p className={styles.cookieText}>{COOKIE_BANNER}</p>
        <Button className={styles.cookieButton} onClick={() => session.acceptCookies()}>Got it!</Button>
      </div>
    </section>
  )
})

/** Production's analytics consent (the organisation's analyticsConsentBanner): nothing is measured before 'Allow'. */
export const ConsentBanner = observer(function ConsentBanner({ session }: { session: SessionViewModel }) {
  if (!useAfterHydration(session.showConsentBanner, session.newVisitorSeesConsentBanner)) return null
  return (
    <section className={styles.cookie} aria-label="Analytics cookies" data-cookie-sheet="consent">
      <div className={styles.cookieInner}>
        <p className={styles.cookieText}>{CONSENT_BANNER} <Link to="/privacy">Privacy</Link></p>
        <Button className={styles.cookieButton} variant="secondary" onClick={() => session.answerConsent('denied')}>No, thanks</Button>
        <Button className={styles.cookieButton} onClick={() => session.answerConsent('granted')}>Allow</Button>
      </div>
    </section>
  )
})

/** Every page's footer: the privacy notice and the accessibility statement (issue 30). */
export function Footer() {
  return (
    <footer className={styles.footer}>
      {LEGAL_LINKS.map((l) => <Link key={l.href} to={l.href}>{l.label}</Link>)}
    </footer>
  )
}
