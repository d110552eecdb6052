import { useSyncExternalStore } from 'react'

/** The phone layout of tokens.css (≤ 576 px): lists become cards there. */
const PHONE = '(max-width: 576px)'

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : undefined)

function subscribe(onChange: () => void): () => void {
  const query = media()
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/** True on a phone-width screen; follows rotation and window resizes. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false)
}
