import { useCallback, useRef } from 'react'

/** The CSS custom property that carries a bottom bar's measured height (Banners.module.css lifts the cookie sheet by it). */
export const BOTTOM_BAR_HEIGHT_PROPERTY = '--bottom-bar-actual-height'

/**
 * A ref for a bottom bar whose height changes with its content (the desk's bar grows to three lines or
 * so for a customer clash with 'Book anyway'): its height, as measured, goes on the root element while
 * it is shown, so the cookie sheet sits above the whole bar rather than above its usual height only.
 */
export function useBottomBarHeight(): (el: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | undefined>(undefined)
  return useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = undefined
    const root = document.documentElement.style
    if (!el) {
      root.removeProperty(BOTTOM_BAR_HEIGHT_PROPERTY)
      return
    }
    const report = () => root.setProperty(BOTTOM_BAR_HEIGHT_PROPERTY, `${Math.ceil(el.getBoundingClientRect().height)}px`)
    report()
    if (typeof ResizeObserver === 'undefined') return
    observer.current = new ResizeObserver(report)
    observer.current.observe(el)
  }, [])
}
