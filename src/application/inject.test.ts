// Typed injection tokens: an @inject whose token gives another type than the parameter declares is
// a type error (the @ts-expect-error lines fail the typecheck if it ever compiles again); at run
// time the decorator is inversify's own.
import { describe, expect, it } from 'vitest'
import { Container, injectable } from 'inversify'
import type { AxiosInstance } from 'axios'
import { inject, token } from './inject'
import { PORTS } from './tokens'
import type { HttpTransport } from './ports/http-transport.port'
import type { Clock } from './ports/clock.port'

interface Greeter {
  greet(): string
}
const GREETER = token<Greeter>('test/Greeter')

@injectable()
class Fits {
  constructor(
    @inject(GREETER) readonly greeter: Greeter,
    @inject(PORTS.HttpClient) readonly http: HttpTransport,
  ) {}
}

@injectable()
class WrongPort {
  constructor(
    // @ts-expect-error the token gives a Greeter, not a Clock
    @inject(GREETER) readonly clock: Clock,
  ) {}
}

@injectable()
class WantsAxios {
  constructor(
    // @ts-expect-error the fetch transport the browser binds has no axios defaults (HttpAdminApi's bug)
    @inject(PORTS.HttpClient) readonly http: AxiosInstance,
  ) {}
}

@injectable()
class UntypedToken {
  constructor(
    // @ts-expect-error a bare symbol names no type: nothing may be assumed of what it gives
    @inject(Symbol.for('test/Untyped')) readonly greeter: Greeter,
  ) {}
}

describe('typed inject', () => {
  it("is inversify's @inject at run time", () => {
    const container = new Container()
    const transport: HttpTransport = { request: async () => ({ status: 204, data: '' }) }
    container.bind(GREETER).toConstantValue({ greet: () => 'hello' })
    container.bind(PORTS.HttpClient).toConstantValue(transport)
    container.bind(Fits).toSelf()
    const fits = container.get(Fits)
    expect(fits.greeter.greet()).toBe('hello')
    expect(fits.http).toBe(transport)
    expect([WrongPort, WantsAxios, UntypedToken].map((c) => c.name)).toEqual(['WrongPort', 'WantsAxios', 'UntypedToken'])
  })
})
