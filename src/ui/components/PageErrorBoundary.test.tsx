import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazy, Suspense } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { PageErrorBoundary } from './PageErrorBoundary'

// The ui project shares a module graph and document per worker: leave neither the tree nor console.error's stub.
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Broken = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))

describe('PageErrorBoundary', () => {
  it('shows a message with Reload when a page chunk fails to load, and clears on another path', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const onReload = vi.fn()
    const view = render(
      <PageErrorBoundary resetKey="/app" onReload={onReload}>
        <Suspense fallback={<p>Loading</p>}>
          <Broken />
        </Suspense>
      </PageErrorBoundary>,
    )
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onReload).toHaveBeenCalledOnce()

    view.rerender(
      <PageErrorBoundary resetKey="/" onReload={onReload}>
        <p>Choose a location</p>
      </PageErrorBoundary>,
    )
    expect(screen.getByText('Choose a location')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
