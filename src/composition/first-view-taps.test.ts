// Taps kept before hydration are run again on the same buttons, and only on them.
import { afterEach, describe, expect, it } from 'vitest'
import { replayTaps, takeFirstViewTaps } from './first-view-taps'

afterEach(() => {
  document.body.innerHTML = ''
})

function buttons(...labels: string[]): { root: HTMLElement; tapped: string[] } {
  const root = document.createElement('div')
  const tapped: string[] = []
  for (const label of labels) {
    const button = document.createElement('button')
    button.textContent = label
    button.addEventListener('click', () => tapped.push(label))
    root.appendChild(button)
  }
  document.body.appendChild(root)
  return { root, tapped }
}

describe('taps on the server markup before hydration', () => {
  it('are run again in order on the button at the same place with the same words', () => {
    const { root, tapped } = buttons('Log in', 'Glow Soho', 'Glow Leeds')
    replayTaps(root, [{ index: 2, text: 'Glow Leeds' }, { index: 0, text: 'Log in' }])
    expect(tapped).toEqual(['Glow Leeds', 'Log in'])
  })

  it('are dropped where the button there says something else, is gone or is disabled', () => {
    const { root, tapped } = buttons('Hi Ann', 'Glow Soho')
    ;(root.children[1] as HTMLButtonElement).disabled = true
    replayTaps(root, [{ index: 0, text: 'Log in' }, { index: 1, text: 'Glow Soho' }, { index: 5, text: 'Got it!' }])
    expect(tapped).toEqual([])
  })

  it('are taken once, and the recorder is closed (React handles every tap from then on)', () => {
    const recorder = { taps: [{ index: 1, text: 'Glow Soho' }], closed: false }
    expect(takeFirstViewTaps({ firstViewTaps: recorder })).toEqual([{ index: 1, text: 'Glow Soho' }])
    expect(recorder.closed).toBe(true)
    expect(takeFirstViewTaps({ firstViewTaps: recorder })).toEqual([])
    expect(takeFirstViewTaps({})).toEqual([])
  })
})
