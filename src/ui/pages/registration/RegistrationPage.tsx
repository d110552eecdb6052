import { useLayoutEffect, useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { parseRegistrationParams } from './registration-params'

/** The registration-like screen: sets the page background from 'form' (bc) and reads 'setup'; no content. */
export default function RegistrationPage() {
  const { search } = useLocation()
  const params = useMemo(() => parseRegistrationParams(search), [search])
  // Layout effect: the colour is set in the same commit that shows the screen, never a frame later.
  useLayoutEffect(() => {
    if (!params.background) return
    const previous = document.body.style.backgroundColor
    document.body.style.backgroundColor = params.background
    return () => {
      document.body.style.backgroundColor = previous
    }
  }, [params.background])
  return <div data-testid="registration" data-setup={params.setup ?? ''} hidden />
}
