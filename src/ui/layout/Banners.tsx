import { observer } from 'mobx-react-lite'
import { COOKIE_BANNER, STAGING_BANNER, type SessionViewModel } from '../view-models/session.view-model'
import { Button } from '../components/Button'
import styles from './Banners.module.css'

export const StagingBanner = observer(function StagingBanner({ session }: { session: SessionViewModel }) {
  return session.showStagingBanner ? <div className={styles.staging} role="note">{STAGING_BANNER}</div> : null
})

/** The cookie notice (spec section 1: staging and local environments only): a bar above the header, a small bottom sheet on a phone. */
export const CookieBanner = observer(function CookieBanner({ session }: { session: SessionViewModel }) {
  if (!session.showCookieBanner) return null
  return (
    <section className={styles.cookie} aria-label="Cookies" data-cookie-sheet="">
      <div className={styles.cookieInner}>
        <p className={styles.cookieText}>{COOKIE_BANNER}</p>
        <Button className={styles.cookieButton} onClick={() => session.acceptCookies()}>Got it!</Button>
      </div>
    </section>
  )
})
