// The lead form's start on a page whose form the server rendered (issue 28; server/http/lead-page.ts
// puts this classic script where Vite's module script and modulepreloads were): the scripts are
// fetched once the form has painted, so they never compete with the page and its stylesheets for a
// phone's network before that paint. No taps to keep: the form's Submit is disabled until hydrated.
;(() => {
  const boot = document.currentScript
  let started = false
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))
  const start = async () => {
    if (started || !boot) return
    started = true
    const chunks = (boot.getAttribute('data-first-view-preload') || '').split(' ').filter(Boolean)
    // A few modulepreloads per task (all in one were a long task after the first paint on a slow phone).
    for (let i = 0; i < chunks.length; i++) {
      if (i > 0 && i % 8 === 0) await nextTask()
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = chunks[i]
      document.head.appendChild(link)
    }
    // Each chunk run as it arrives, a task of its own once the run so far took a few ms (a phone's blocking time).
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
      await import(boot.getAttribute('data-first-view-entry'))
    }
  }
  // After the paint that shows the form (public/after-first-contentful-paint.js, just before this
  // script); a hidden tab paints nothing: at once there.
  if (document.visibilityState === 'hidden') void start()
  // (Without it, a request that failed: the first frame.)
  else (window.afterFirstContentfulPaint || ((then) => requestAnimationFrame(() => setTimeout(then, 0))))(() => void start())
  document.addEventListener('visibilitychange', () => void start(), { once: true })
})()
