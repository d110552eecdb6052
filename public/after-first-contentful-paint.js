// `window.afterFirstContentfulPaint(then)`: calls `then` once, in a task of its own, after the paint
// that shows the server's markup. Shared by the boot scripts of the pages the server renders
// (public/first-view-boot.js, public/lead-boot.js), which start the app's scripts then, so that these
// never compete with the page for a phone's network before that paint (issue 28). The server puts this
// script inside the page just before the boot script (server/http/first-paint-inlining.ts).
// The paint timing's first contentful paint, not the first frame: with the stylesheets inside the page
// a frame can paint before the content has. Where the browser reports no paint timing, the first frame;
// after FIRST_PAINT_MS whatever happens (a frame out of view may paint nothing).
;(() => {
  const FIRST_PAINT_MS = 3000
  window.afterFirstContentfulPaint = (then) => {
    let called = false
    const once = () => {
      if (called) return
      called = true
      setTimeout(then, 0)
    }
    try {
      if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
        const observer = new PerformanceObserver((list) => {
          if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return
          observer.disconnect()
          once()
        })
        observer.observe({ type: 'paint', buffered: true })
        setTimeout(once, FIRST_PAINT_MS)
        return
      }
    } catch {
      // no paint timing: the first frame
    }
    requestAnimationFrame(once)
  }
})()
