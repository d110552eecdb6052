import { useEffect, useState, type RefObject } from 'react'

/** True while the element's content is wider than its box (a table that has to be swiped sideways). */
export function useOverflowing(ref: RefObject<HTMLElement | null>, deps: readonly unknown[] = []): boolean {
  const [overflowing, setOverflowing] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) {
      setOverflowing(false)
      return undefined
    }
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return undefined
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    const table = el.firstElementChild
    if (table) observer.observe(table)
    return () => observer.disconnect()
  }, [ref, ...deps])
  return overflowing
}
