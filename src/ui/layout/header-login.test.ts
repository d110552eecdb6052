import { describe, expect, it } from 'vitest'
import { headerActions, headerLoginDestination } from './header-login'

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

describe('headerActions', () => {
  it.each([
    ['/', { account: true, manageAppointments: true, bookingSite: false }],
    ['/step/c1', { account: true, manageAppointments: true, bookingSite: false }],
    ['/app', { account: true, manageAppointments: false, bookingSite: false }],
    ['/app/appointments', { account: true, manageAppointments: false, bookingSite: false }],
    // staff are not customers: no customer 'Log in' or 'Manage appointments' in the staff area
    ['/staff', { account: false, manageAppointments: false, bookingSite: true }],
    ['/staff/new-booking', { account: false, manageAppointments: false, bookingSite: true }],
    ['/staffing-news', { account: true, manageAppointments: true, bookingSite: false }],
  ])('%s', (pathname, actions) => {
    expect(headerActions(pathname)).toEqual(actions)
  })
})
