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

  /**
   * The entry's chunks are run one by one (each as it arrives, a task of its own once the run so far
   * took a few ms), then the entry: a browser runs one import's whole graph in a single task, ~35 ms of
   * CPU for the first view on this machine (x4 on a phone: Lighthouse's blocking time).
   */
  async function run(entry, chunks) {
    try {
      let since = performance.now()
      for (const chunk of chunks) {
        await import(chunk)
        if (performance.now() - since > 4) {
          await nextTask()
          since = performance.now()
        }
      }
    } finally {
      await import(entry)
    }
  }

  const start = () => {
    if (started || !boot) return
    started = true
    const chunks = (boot.getAttribute('data-first-view-preload') || '').split(' ').filter(Boolean)
    void preload(chunks).then(() => run(boot.getAttribute('data-first-view-entry'), chunks))
  }
  /** A modulepreload per chunk, a few per task: the ~30 in one were a task of ~25 ms after the first paint (TBT). */
  async function preload(chunks) {
    for (let i = 0; i < chunks.length; i += 8) {
      if (i > 0) await nextTask()
      for (const href of chunks.slice(i, i + 8)) {
        const link = document.createElement('link')
        link.rel = 'modulepreload'
        link.crossOrigin = ''
        link.href = href
        document.head.appendChild(link)
      }
    }
  }
  // After the frame that paints the first view (a hidden tab paints nothing: at once there).
  if (document.visibilityState === 'hidden') start()
  else requestAnimationFrame(() => setTimeout(start, 0))
  document.addEventListener('visibilitychange', start, { once: true })
})()
