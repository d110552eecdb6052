import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Tabs, type TabDefinition } from './Tabs'

afterEach(cleanup)

type Key = 'one' | 'two' | 'three'
const TABS: readonly TabDefinition<Key>[] = [
  { id: 'one', label: 'One', textValue: 'One' },
  { id: 'two', label: 'Two', textValue: 'Two' },
  { id: 'three', label: 'Three', textValue: 'Three', className: 'last' },
]

function Harness({ chosen }: { chosen: Key[] }) {
  const [tab, setTab] = useState<Key>('one')
  return (
    <Tabs aria-label="Sections" tabs={TABS} selectedKey={tab} tabClassName="tab" onSelectionChange={(key) => { chosen.push(key); setTab(key) }}>
      {(key) => <button type="button">Inside {key}</button>}
    </Tabs>
  )
}

describe('Tabs', () => {
  it('names the tab list, marks the selected tab and labels its panel with it', () => {
    render(<Harness chosen={[]} />)
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy()
    const one = screen.getByRole('tab', { name: 'One' })
    expect(one.getAttribute('aria-selected')).toBe('true')
    expect(one.hasAttribute('data-selected')).toBe(true)
    expect(screen.getByRole('tab', { name: 'Three' }).className).toBe('tab last')
    const panel = screen.getByRole('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).toBe(one.id)
    expect(one.getAttribute('aria-controls')).toBe(panel.id)
    expect(panel.textContent).toBe('Inside one')
  })

  it('arrow keys move the focus only; Enter chooses the focused tab', async () => {
    const chosen: Key[] = []
    render(<Harness chosen={chosen} />)
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'One' }))
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Three' }))
    expect(chosen).toEqual([])
    expect(screen.getByRole('tabpanel').textContent).toBe('Inside one')
    await user.keyboard('{Enter}')
    expect(chosen).toEqual(['three'])
    expect(screen.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').textContent).toBe('Inside three')
  })

  it('a click chooses a tab', async () => {
    const chosen: Key[] = []
    render(<Harness chosen={chosen} />)
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Two' }))
    expect(chosen).toEqual(['two'])
    expect(screen.getByRole('tabpanel').textContent).toBe('Inside two')
  })
})
