// The app's start on a page whose first view the server rendered (issue 28; server/http/first-view-page.ts
// puts this file, a classic script in the head, in place of Vite's module script and modulepreloads).
// - Listening before the first paint: a tap on a button of the server's markup before React has
//   attached to it is kept (its default stopped) and run again once hydrated (src/composition/first-view-taps.tsx);
//   a link navigates as a link.
// - A cookie (or consent) answer stored hides its sheet before it paints (the hydrating render still has it).
// - The app's scripts are fetched once the first view has painted, so that they never compete with
//   the page, its stylesheets and its images for a phone's network before that paint.
;(() => {
  const boot = document.currentScript
  const recorder = { taps: [], closed: false }
  window.firstViewTaps = recorder
  document.addEventListener(
    'click',
    (event) => {
      if (recorder.closed || !(event.target instanceof Element)) return
      const root = document.getElementById('root')
      const button = event.target.closest('button')
      if (!root || !button || !root.contains(button) || button.disabled) return
      event.preventDefault()
      const text = button.textContent
      recorder.taps.push({ text, nth: [...root.querySelectorAll('button')].filter((b) => b.textContent === text).indexOf(button) })
    },
    true,
  )
  try {
    if (localStorage.getItem('cookiesAccepted') === 'true') document.documentElement.setAttribute('data-cookies-answered', '')
    if (localStorage.getItem('analyticsConsent') !== null) document.documentElement.setAttribute('data-consent-answered', '')
  } catch {
    // storage refused (a frame): the sheet shows until hydrated, as it does for a new visitor
  }

  let started = false
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

  /** Runs `chunks` in order, each as it arrives, a task of its own once the run so far took a few ms. */
  async function runEach(chunks) {
    let since = performance.now()
    for (const chunk of chunks) {
      await import(chunk)
      if (performance.now() - since > 4) {
        await nextTask()
        since = performance.now()
      }
    }
  }

  /**
   * The entry's chunks are run one by one, then the entry: a browser runs one import's whole graph in a
   * single task, ~35 ms of CPU for the first view on this machine (x4 on a phone: Lighthouse's blocking
   * time). A page's own chunks (data-first-view-page: the customer area's, each after those it imports)
   * are run the same way beside the entry; `window.firstViewPage` settles once they have (main.tsx
   * waits for it before it loads the page, whose import then has nothing left to run but itself).
   */
  async function run(entry, chunks, page, warm) {
    try {
      await runEach(chunks)
    } finally {
      if (page.length) window.firstViewPage = runPage(page, warm)
      await import(entry)
    }
  }

  /**
   * The page's chunks, once the engine's Intl data is built on a worker thread (public/intl-warm-up.worker.js):
   * react-aria asks for it as its modules run, and the first ask on the main thread was one task of
   * 150-290 ms of CPU here (ICU's data, once per page process). Without an answer in WARM_UP_MS (no
   * worker allowed, a slow start) they run anyway. A chunk that fails to load is left to the page's own
   * import (its error boundary).
   */
  async function runPage(page, warm) {
    await Promise.race([warm, new Promise((resolve) => setTimeout(resolve, WARM_UP_MS))])
    await runEach(page).catch(() => undefined)
  }
  const WARM_UP_MS = 3000

  /** The worker's warm-up (settles when it answers or fails; never rejects). */
  function warmUpIntl() {
    return new Promise((resolve) => {
      try {
        const worker = new Worker('/intl-warm-up.worker.js')
        const done = () => {
          worker.terminate()
          resolve()
        }
        worker.onmessage = done
        worker.onerror = done
      } catch {
        resolve()
      }
    })
  }

  const start = () => {
    if (started || !boot) return
    started = true
    const list = (name) => (boot.getAttribute(name) || '').split(' ').filter(Boolean)
    const chunks = list('data-first-view-preload')
    const page = list('data-first-view-page')
    // Before the chunks arrive: the worker starts while the network works.
    const warm = page.length ? warmUpIntl() : Promise.resolve()
    void preload([...chunks, ...page]).then(() => run(boot.getAttribute('data-first-view-entry'), chunks, page, warm))
  }
  /**
   * A modulepreload per chunk, a task of its own once the run so far took a few ms: the ~30 in one were
   * a task of ~25 ms after the first paint (TBT), and with the customer area's ~60 more, eight a task
   * were tasks of 20-50 ms of CPU on this loaded machine.
   */
  async function preload(chunks) {
    let since = performance.now()
    for (const href of chunks) {
      if (performance.now() - since > 4) {
        await nextTask()
        since = performance.now()
      }
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.appendChild(link)
    }
  }
  // After the paint that shows the first view (public/after-first-contentful-paint.js, just before this
  // script); a hidden tab paints nothing: at once there.
  if (document.visibilityState === 'hidden') start()
  // (Without it, a request that failed: the first frame.)
  else (window.afterFirstContentfulPaint || ((then) => requestAnimationFrame(() => setTimeout(then, 0))))(() => start())
  document.addEventListener('visibilitychange', start, { once: true })
})()
