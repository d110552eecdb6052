import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Button } from './Button'

afterEach(cleanup)

describe('Button', () => {
  it('while busy is disabled, marked busy and shows a spinner beside its unchanged label', () => {
    render(<Button type="submit" busy>Log in</Button>)
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull()
  })

  it('when not busy is enabled, not marked busy and has no spinner', () => {
    render(<Button type="submit" busy={false}>Log in</Button>)
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(button.querySelector('[aria-hidden="true"]')).toBeNull()
  })

  it('stays disabled when told so, busy or not', () => {
    render(<Button disabled>Save</Button>)
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
