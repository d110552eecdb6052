import { inject as inversifyInject } from 'inversify'

declare const bound: unique symbol

/**
 * An injection token that names the type bound to it (a `Symbol.for`, so every bundle shares it).
 * With `inject` below, a constructor parameter of another type fails the typecheck.
 */
export type Token<T> = symbol & { readonly [bound]?: T }

export const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>

type Newable<T> = abstract new (...args: never[]) => T

/** unknown where the value injected (T) fits the parameter at `index` of class C, else never. */
type Fits<C, I extends number, T> = C extends abstract new (...args: infer P) => unknown ? ([T] extends [P[I]] ? unknown : never) : never

/**
 * inversify's `@inject`, typed: the token's type (or the class's instance type) must fit the
 * constructor parameter it decorates, so `@inject(PORTS.HttpClient) http: AxiosInstance` is refused
 * when the token's transport lacks what an AxiosInstance has. Nothing changes at run time.
 */
export function inject<T>(id: Token<T> | Newable<T>) {
  const decorate: (target: object, key: string | symbol | undefined, index: number) => void = inversifyInject(id)
  return decorate as <C extends abstract new (...args: never) => unknown, I extends number>(target: C, key: undefined, index: I & Fits<C, I, T>) => void
}
