import { describe, expect, it } from 'vitest'
import { findByIdOrName } from './resolve'

const services = [
  { id: '5e000000000000000000000d', name: 'Deep tissue massage' },
  { id: '5e000000000000000000000f', name: 'Vitamin B12 injection' },
  { id: '5e000000000000000000000a', name: 'HydraFacial' },
  { id: '5e000000000000000000000b', name: 'Facial' },
]
const find = (value: string) => findByIdOrName(services, value, (s) => s.id, (s) => [s.name]).map((s) => s.name)

describe('findByIdOrName', () => {
  it('an id first, whatever its case', () => {
    expect(find('5E000000000000000000000F')).toEqual(['Vitamin B12 injection'])
  })
  it('then an exact name, case-insensitive, before any prefix', () => {
    expect(find('facial')).toEqual(['Facial'])
  })
  it('then a name prefix', () => {
    expect(find('vitamin b12')).toEqual(['Vitamin B12 injection'])
  })
  it('then a part of a name', () => {
    expect(find('massage')).toEqual(['Deep tissue massage'])
  })
  it('every match when several fit (the caller asks for the id)', () => {
    expect(find('fac')).toEqual(['Facial'])
    expect(find('ial')).toEqual(['HydraFacial', 'Facial'])
    expect(find('nothing')).toEqual([])
  })
})
