import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { addToBasket, type BasketItem, clearBookingInfo, lockedView, removeFromBasket, replaceInBasket } from './basket'

const service = (id: string): BasketItem => ({ service: { id }, staff: 'p1' })
const course = (id: string): BasketItem => ({ service: { id, salePrice: 100 } })
const mixError = E.left({ _tag: 'CannotMixCoursesAndServices', message: 'Cannot mix course purchases with individual services' })

describe('addToBasket', () => {
  it.each([
    ['service to empty', [], service('a'), E.right([service('a')])],
    ['course to empty', [], course('c'), E.right([course('c')])],
    ['service to services', [service('a')], service('b'), E.right([service('a'), service('b')])],
    ['course to courses', [course('c')], course('d'), E.right([course('c'), course('d')])],
    ['course to services', [service('a')], course('c'), mixError],
    ['service to courses', [course('c')], service('a'), mixError],
    ['zero sale price is still a course', [service('a')], { service: { id: 'z', salePrice: 0 } }, mixError],
    ['the wizard\'s kind wins: a service with a sale price is a service', [service('a')], { kind: 'service', service: { id: 'b', salePrice: 30 } }, E.right([service('a'), { kind: 'service', service: { id: 'b', salePrice: 30 } }])],
    ['a course by kind cannot join services', [service('a')], { kind: 'course', service: { id: 'k' } }, mixError],
  ] as [string, BasketItem[], BasketItem, unknown][])('%s', (_name, basket, item, expected) => {
    expect(addToBasket(basket, item)).toEqual(expected)
  })
})

describe('replaceInBasket', () => {
  it('replaces in place', () => {
    expect(replaceInBasket([service('a'), service('b'), service('c')], 1, service('x'))).toEqual(E.right([service('a'), service('x'), service('c')]))
  })
  it('replacing the only item may switch kind', () => {
    expect(replaceInBasket([service('a')], 0, course('c'))).toEqual(E.right([course('c')]))
  })
  it('refuses to mix', () => {
    expect(replaceInBasket([service('a'), service('b')], 0, course('c'))).toEqual(mixError)
  })
})

describe('removeFromBasket', () => {
  it.each([
    [[service('a'), service('b')], 0, [service('b')], false],
    [[service('a')], 0, [], true],
    [[service('a')], 5, [service('a')], false],
  ] as [BasketItem[], number, BasketItem[], boolean][])('%#', (basket, index, next, reset) => {
    expect(removeFromBasket(basket, index)).toEqual({ basket: next, resetToServiceList: reset })
  })
})

describe('lockedView', () => {
  it.each([
    [[], undefined, null],
    [[], 'courses', 'courses'],
    [[], 'Services', 'services'],
    [[], 'other', null],
    [[service('a')], null, 'services'],
    [[course('c')], undefined, 'courses'],
    [[course('c')], 'services', 'services'],
  ] as [BasketItem[], string | null | undefined, string | null][])('%#', (basket, param, view) => {
    expect(lockedView(basket, param)).toBe(view)
  })
})

describe('clearBookingInfo', () => {
  it('resets everything but keeps courseContext', () => {
    const initial = { currentStep: 'location', basket: [] as string[], courseContext: undefined as unknown }
    const state = { currentStep: 'time', basket: ['x'], courseContext: { courseId: 'c1', courseServices: ['s'] } }
    expect(clearBookingInfo(state, initial)).toEqual({ currentStep: 'location', basket: [], courseContext: { courseId: 'c1', courseServices: ['s'] } })
  })
})
