import { describe, expect, it } from 'vitest'
import { heightReporter, isEmbedded, type EmbedWindow } from './embed'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { SafeStorage } from '../../adapters/storage/safe-storage.adapter'

function frame(search: string, framed: boolean): EmbedWindow {
  const win: EmbedWindow = { location: { search }, parent: undefined }
  win.parent = framed ? {} : win
  return win
}

describe('embedded booking flow', () => {
  it('is on with ?embed=1 and stays on for the frame after the steps drop the query', () => {
    const session = new MemoryStorage()
    expect(isEmbedded(frame('?embed=1', true), session)).toBe(true)
    expect(isEmbedded(frame('?service=0', true), session)).toBe(true)
  })

  it('is off in a tab of its own once the query is gone, and never starts without the query', () => {
    const session = new MemoryStorage()
    expect(isEmbedded(frame('?embed=1', false), session)).toBe(true)
    expect(isEmbedded(frame('', false), session)).toBe(false)
    expect(isEmbedded(frame('', true), new MemoryStorage())).toBe(false)
  })

  it('stays on for the page when the browser refuses the frame its storage', () => {
    const session = new SafeStorage(() => {
      throw new DOMException("Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.", 'SecurityError')
    })
    expect(isEmbedded(frame('?embed=1', true), session)).toBe(true)
    expect(isEmbedded(frame('?service=0', true), session)).toBe(true)
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
