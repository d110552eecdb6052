import { afterEach, describe, expect, it } from 'vitest'
import { coveredByTheSheet } from './BottomBar'

afterEach(() => {
  document.body.innerHTML = ''
})

function page() {
  document.body.innerHTML = `
    <main><button id="chip">09:30</button></main>
    <div id="bar"><div id="sheet"><button id="remove">remove</button></div><button id="toggle">Hide summary</button><button id="book">Book appointment</button></div>
    <div role="dialog"><button id="cancel">Cancel</button></div>`
  const el = (id: string) => document.getElementById(id) as HTMLElement
  return { bar: el('bar'), el }
}

describe('the open summary sheet of the phone bottom bar', () => {
  it('closes when focus arrives on the page under it (Tab past its last control wraps round to it)', () => {
    const { bar, el } = page()
    expect(coveredByTheSheet(bar, el('chip'))).toBe(true)
  })

  it('stays open while focus moves inside the bar, into a dialog opened from it, leaves the window or rests on the page body', () => {
    const { bar, el } = page()
    expect(coveredByTheSheet(bar, el('remove'))).toBe(false)
    expect(coveredByTheSheet(bar, el('book'))).toBe(false)
    expect(coveredByTheSheet(bar, el('cancel'))).toBe(false)
    expect(coveredByTheSheet(bar, null)).toBe(false)
    expect(coveredByTheSheet(bar, document.body)).toBe(false)
  })
})
