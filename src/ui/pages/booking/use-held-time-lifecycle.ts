import { useEffect } from 'react'
import { SlotHoldViewModel } from '../../view-models/slot-hold.view-model'
import { useViewModel } from '../../use-view-model'

/**
 * The held time follows the page (issue 17): leaving it (closing the tab, another site, a reload)
 * gives the time up after a short grace, best effort (keepalive request on pagehide); a page
 * restored from the back-forward cache takes its hold back.
 */
export function useHeldTimeLifecycle(): void {
  const slotHold = useViewModel<SlotHoldViewModel>(SlotHoldViewModel)
  useEffect(() => {
    const onHide = (event: PageTransitionEvent) => {
      if (!event.persisted) slotHold.leave()
    }
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void slotHold.resume()
    }
    window.addEventListener('pagehide', onHide)
    window.addEventListener('pageshow', onShow)
    return () => {
      window.removeEventListener('pagehide', onHide)
      window.removeEventListener('pageshow', onShow)
    }
  }, [slotHold])
}
