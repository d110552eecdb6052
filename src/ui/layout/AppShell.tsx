import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { SessionViewModel } from '../view-models/session.view-model'
import { ToastViewModel } from '../view-models/toast.view-model'
import { NAVIGATOR, type DeferredNavigator } from '../view-models/app-services'
import { usePrepare, useViewModel } from '../use-view-model'
import { Header } from './Header'
import { ConsentBanner, CookieBanner, Footer, StagingBanner } from './Banners'
import { Toasts } from '../components/Toasts'
import { Spinner } from '../components/Spinner'
import { PageErrorBoundary } from '../components/PageErrorBoundary'
import { heightReporter, isEmbedded } from './embed'
import { PORTS } from '../../application/tokens'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import { useAfterHydration } from '../use-after-hydration'
import { PageShown } from '../page-shown'
import styles from './AppShell.module.css'

/** Banners, header, the page, toasts and the login modal; attaches the router to the navigator. */
export const AppShell = observer(function AppShell() {
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const toasts = useViewModel<ToastViewModel>(ToastViewModel)
  const navigator = useViewModel<DeferredNavigator>(NAVIGATOR)
  const prepare = usePrepare()
  const LoginModal = useMemo(() => lazy(async () => (await Promise.all([import('../pages/login/LoginModal'), prepare()]))[0]), [prepare])
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  // In another site's iframe (?embed=1): no header, and the host page follows the app's height.
  const sessionStorage = useViewModel<KeyValueStorage>(PORTS.SessionStorage)
  // The server renders the header (it cannot know the frame): hydrated with it, then dropped in a frame.
  const [framed] = useState(() => typeof window !== 'undefined' && isEmbedded(window, sessionStorage))
  const embedded = useAfterHydration(framed, false)
  const shell = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = shell.current
    if (!embedded || !el || typeof ResizeObserver === 'undefined') return undefined
    const report = heightReporter((message) => window.parent.postMessage(message, '*'))
    const observer = new ResizeObserver(() => report(el.getBoundingClientRect().height))
    observer.observe(el)
    return () => observer.disconnect()
  }, [embedded])
  useEffect(() => {
    navigator.attach({
      go: (path, options) => navigate(path, { replace: options?.replace }),
      leave: (url) => window.location.assign(url),
    })
  }, [navigator, navigate])
  useEffect(() => {
    // The verification link's flag is read once, then dropped so a reload does not show it again.
    if (session.arriveWith(search)) {
      const rest = new URLSearchParams(search)
      rest.delete('emailVerified')
      const query = rest.toString()
      navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true })
    }
  }, [])
  useEffect(() => {
    const brand = session.organisation?.brandColour
    if (brand) document.documentElement.style.setProperty('--accent', brand)
    if (session.organisation) document.title = session.headerTitle
  }, [session.organisation, session.headerTitle])
  return (
    <div className={styles.shell} ref={shell} data-embedded={embedded ? '' : undefined}>
      <StagingBanner session={session} />
      <CookieBanner session={session} />
      <ConsentBanner session={session} />
      {embedded ? null : <Header session={session} />}
      <main className={styles.main} id="main">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toasts vm={toasts} />
      {session.loginModalOpen ? (
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={null}>
            <LoginModal />
          </Suspense>
        </PageErrorBoundary>
      ) : null}
    </div>
  )
})
