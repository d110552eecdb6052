import { describe, expect, it } from 'vitest'
import { createRoutes, opensLazyPage, preloadLazyPage } from './routes'

describe('opensLazyPage', () => {
  const routes = createRoutes(async () => undefined)

  it('is false on the location list, the first view', () => {
    expect(opensLazyPage(routes, '/')).toBe(false)
    expect(opensLazyPage(routes, '/step/location')).toBe(false)
  })

  it('is true on the wizard, the customer area and every other page', () => {
    for (const path of ['/step/c10000000000000000000001', '/step/c1/cat/svc/confirm', '/app', '/form/f1', '/staff', '/no-such-page']) {
      expect(opensLazyPage(routes, path), path).toBe(true)
    }
  })
})

describe('preloadLazyPage', () => {
  it('starts the load of a lazy page, not of the first view, and returns it', async () => {
    let prepared = 0
    const routes = createRoutes(async () => {
      prepared++
    })
    expect(preloadLazyPage(routes, '/')).toBeUndefined()
    expect(prepared).toBe(0)
    const loading = preloadLazyPage(routes, '/no-such-page')
    expect(loading).toBeInstanceOf(Promise)
    await loading
    expect(prepared).toBe(1)
    // the same load again: React.lazy then finds it started
    await preloadLazyPage(routes, '/no-such-page')
    expect(prepared).toBe(1)
  })
})
