import { describe, expect, it } from 'vitest'
import { headerLoginDestination } from './header-login'

describe('headerLoginDestination', () => {
  it.each([
    ['/step/c1', '/app'],
    ['/step/c1/', '/app'],
    ['/step/c1/cat1', '/app'],
    ['/step/c1/cat1/s1', undefined],
    ['/step/c1/cat1/s1/confirm', undefined],
    ['/step/c1/confirm', undefined],
    ['/step/location', undefined],
    ['/', undefined],
    ['/app', undefined],
  ])('%s -> %s', (pathname, destination) => {
    expect(headerLoginDestination(pathname)).toBe(destination)
  })
})
