import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { LazyDialog } from './LazyDialog'

afterEach(cleanup)

describe('LazyDialog', () => {
  it('renders nothing while it has never been open', () => {
    const { container } = render(<LazyDialog title="About" isOpen={false} onClose={() => undefined}>Text</LazyDialog>)
    expect(container.innerHTML).toBe('')
    expect(document.body.querySelector('[role="dialog"]')).toBeNull()
  })

  it('shows AppDialog once opened, and closes it as AppDialog does', async () => {
    const { rerender } = render(<LazyDialog title="About" isOpen={false} onClose={() => undefined}>Text</LazyDialog>)
    rerender(<LazyDialog title="About" isOpen onClose={() => undefined}>Text</LazyDialog>)
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('About')
    expect(dialog.textContent).toContain('Text')
    rerender(<LazyDialog title="About" isOpen={false} onClose={() => undefined}>Text</LazyDialog>)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows at once when it starts open', async () => {
    render(<LazyDialog title="Remove?" isOpen role="alertdialog">Sure?</LazyDialog>)
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Remove?')
  })
})
