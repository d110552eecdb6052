import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { SignatureViewModel } from '../../view-models/signature.view-model'
import { SignatureInput } from './SignatureInput'

afterEach(cleanup)

const DRAWING = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))

describe('SignatureInput focus', () => {
  it("after 'Clear signature' the focus moves to 'tap to sign again', not to the page", async () => {
    const vm = new SignatureViewModel(DRAWING)
    render(<SignatureInput vm={vm} label="Signature" />)
    const clear = screen.getByRole('button', { name: 'Clear signature' })
    clear.focus()
    fireEvent.click(clear)
    await nextFrame()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Signature cleared: tap to sign again: Signature' }))
  })

  it("after saving a drawing the focus moves to 'Sign again' (the 'Tap to sign' button is gone)", async () => {
    const vm = new SignatureViewModel()
    render(<SignatureInput vm={vm} label="Signature" />)
    const tap = screen.getByRole('button', { name: 'Tap to sign: Signature' })
    tap.focus()
    act(() => vm.open())
    act(() => {
      ;(document.activeElement as HTMLElement | null)?.blur()
      vm.save(DRAWING, false)
    })
    await nextFrame()
    expect(screen.getByRole('img', { name: 'Signature: signed' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign again' }))
  })
})
