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
  it('are run again in order on the button with the same words, wherever the buttons before it went', () => {
    const { root, tapped } = buttons('Manage appointments', 'Glow Soho', 'Glow Leeds')
    replayTaps(root, [{ text: 'Glow Leeds', nth: 0 }, { text: 'Manage appointments', nth: 0 }])
    expect(tapped).toEqual(['Glow Leeds', 'Manage appointments'])
  })

  it('tap the same one of two buttons with the same words', () => {
    const { root } = buttons('Book', 'Book')
    const order: number[] = []
    root.children[0]!.addEventListener('click', () => order.push(0))
    root.children[1]!.addEventListener('click', () => order.push(1))
    replayTaps(root, [{ text: 'Book', nth: 1 }])
    expect(order).toEqual([1])
  })

  it("are dropped where no button says the same any more (a signed-in customer's 'Log in') or it is disabled", () => {
    const { root, tapped } = buttons('Glow Soho')
    ;(root.children[0] as HTMLButtonElement).disabled = true
    replayTaps(root, [{ text: 'Log in', nth: 0 }, { text: 'Glow Soho', nth: 0 }, { text: 'Glow Soho', nth: 1 }])
    expect(tapped).toEqual([])
  })

  it('are taken once, and the recorder is closed (React handles every tap from then on)', () => {
    const recorder = { taps: [{ text: 'Glow Soho', nth: 0 }], closed: false }
    expect(takeFirstViewTaps({ firstViewTaps: recorder })).toEqual([{ text: 'Glow Soho', nth: 0 }])
    expect(recorder.closed).toBe(true)
    expect(takeFirstViewTaps({ firstViewTaps: recorder })).toEqual([])
    expect(takeFirstViewTaps({})).toEqual([])
  })
})
