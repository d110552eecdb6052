import { reaction } from 'mobx'
import type { SessionViewModel } from './session.view-model'
import type { SessionWatchViewModel } from './session-watch.view-model'

export type SessionWatchControl = Pick<SessionWatchViewModel, 'start' | 'stop'>

/**
 * The live socket on every page (spec section 1): while a customer is signed in, on whatever page,
 * the SessionWatchViewModel runs. `load` gives it once the lazy modules are in the container (its use
 * cases live there), so a visitor who never signs in never loads them for this. It starts for the
 * customer signed in at app start and for one who logs in later (the wizard's login modal), and
 * stops (closing the socket) when the customer logs out or is logged out. Returns the disposer.
 */
export function followSignedInCustomer(session: Pick<SessionViewModel, 'user'>, load: () => Promise<SessionWatchControl>): () => void {
  let watch: SessionWatchControl | undefined
  let loading: Promise<SessionWatchControl> | undefined
  let disposed = false
  const apply = async (signedIn: boolean): Promise<void> => {
    if (!signedIn) {
      watch?.stop()
      return
    }
    loading ??= load()
    let loaded: SessionWatchControl
    try {
      loaded = await loading
    } catch (error) {
      // the lazy modules did not load (offline): try again on the next sign-in
      loading = undefined
      console.error('Live socket not started', error)
      return
    }
    watch = loaded
    // the customer may have logged out while the modules loaded
    if (!disposed && session.user !== undefined) loaded.start()
  }
  const stopReaction = reaction(
    () => session.user !== undefined,
    (signedIn) => void apply(signedIn),
    { fireImmediately: true },
  )
  return () => {
    disposed = true
    stopReaction()
    watch?.stop()
  }
}
