import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import { isRecord, KeptState } from './kept-state'

interface Note {
  text: string
}
const isNote = (v: unknown): v is Note => isRecord(v) && typeof v.text === 'string'

describe('KeptState (a value the tab keeps for a reload)', () => {
  it('reads back what it wrote, and nothing once cleared', () => {
    const tab = new MemoryStorage()
    const kept = new KeptState('note', isNote, tab)
    expect(kept.read()).toBeUndefined()
    kept.write({ text: 'hi' })
    expect(tab.getItem('note')).toBe('{"text":"hi"}')
    expect(new KeptState('note', isNote, tab).read()).toEqual({ text: 'hi' })
    kept.clear()
    expect(tab.getItem('note')).toBeNull()
    expect(kept.read()).toBeUndefined()
  })

  it.each([
    ['not JSON', '{text'],
    ['another shape', '{"text":1}'],
    ['null', 'null'],
    ['an array', '[{"text":"hi"}]'],
    ['empty', ''],
  ])('reads %s as nothing kept', (_name, raw) => {
    const tab = new MemoryStorage()
    tab.setItem('note', raw)
    expect(new KeptState('note', isNote, tab).read()).toBeUndefined()
  })

  it('keeps nothing without storage, and a storage that throws on read reads as nothing kept', () => {
    const none = new KeptState('note', isNote)
    none.write({ text: 'hi' })
    expect(none.read()).toBeUndefined()
    none.clear()
    const throwing: KeyValueStorage = { getItem: () => { throw new Error('denied') }, setItem: () => {}, removeItem: () => {} }
    expect(new KeptState('note', isNote, throwing).read()).toBeUndefined()
  })

  it('isRecord: objects only', () => {
    expect([{}, { a: 1 }].map(isRecord)).toEqual([true, true])
    expect([null, [], 'x', 1, undefined].map(isRecord)).toEqual([false, false, false, false, false])
  })
})
