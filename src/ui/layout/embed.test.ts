import { describe, expect, it } from 'vitest'
import { heightReporter, isEmbedded, type EmbedWindow } from './embed'

function frame(search: string, framed: boolean, store = new Map<string, string>()): EmbedWindow {
  const win: EmbedWindow = {
    location: { search },
    parent: undefined,
    sessionStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
  }
  win.parent = framed ? {} : win
  return win
}

describe('embedded booking flow', () => {
  it('is on with ?embed=1 and stays on for the frame after the steps drop the query', () => {
    const store = new Map<string, string>()
    expect(isEmbedded(frame('?embed=1', true, store))).toBe(true)
    expect(isEmbedded(frame('?service=0', true, store))).toBe(true)
  })

  it('is off in a tab of its own once the query is gone, and never starts without the query', () => {
    const store = new Map<string, string>()
    expect(isEmbedded(frame('?embed=1', false, store))).toBe(true)
    expect(isEmbedded(frame('', false, store))).toBe(false)
    expect(isEmbedded(frame('', true, new Map()))).toBe(false)
  })

  it('works when storage is refused', () => {
    const win = frame('?embed=1', true)
    win.sessionStorage = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('denied') } }
    expect(isEmbedded(win)).toBe(true)
    win.location.search = ''
    expect(isEmbedded(win)).toBe(false)
  })

  it("posts { type: 'resize', height } once per new height, rounded up", () => {
    const sent: unknown[] = []
    const report = heightReporter((m) => sent.push(m))
    report(400.2)
    report(401)
    report(0)
    report(520)
    expect(sent).toEqual([{ type: 'resize', height: 401 }, { type: 'resize', height: 520 }])
  })
})
