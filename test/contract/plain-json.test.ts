import { describe, expect, it } from 'vitest'
import type * as t from 'io-ts'
import * as c from '../../src/contract'
import type { Route } from '../../src/contract'

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false

type Exports = typeof c
type RouteNames = { [K in keyof Exports]: Exports[K] extends Route ? K : never }[keyof Exports]

/** Names of routes with a response whose decoded type differs from its wire type (must be none). */
type NotPlainJson = {
  [K in RouteNames]: {
    [S in keyof Exports[K]['responses']]: Exports[K]['responses'][S] extends t.Mixed
      ? Equal<t.TypeOf<Exports[K]['responses'][S]>, t.OutputOf<Exports[K]['responses'][S]>> extends true
        ? never
        : K
      : never
  }[keyof Exports[K]['responses']]
}[RouteNames]

describe('responses are plain JSON', () => {
  it('TypeOf equals OutputOf for every response codec of every route (checked by tsc)', () => {
    const none: [NotPlainJson] extends [never] ? 'ok' : NotPlainJson = 'ok'
    expect(none).toBe('ok')
    // the check is not vacuous: the route names are known to the type
    const someRoute: RouteNames = 'getPublicClinics'
    expect(c[someRoute].path).toBe('/public-clinics')
  })
})
