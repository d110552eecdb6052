import { describe, expect, it } from 'vitest'
import { customerTextTo } from './text-consent'

describe('customerTextTo', () => {
  it.each<[string, Parameters<typeof customerTextTo>[0], string | undefined]>([
    ['chose texts, valid mobile, texts on', { notificationTypes: ['Email', 'SMS'], mobile: '07700 900123', textsOn: true }, '+447700900123'],
    ['chose mail only', { notificationTypes: ['Email'], mobile: '07700 900123', textsOn: true }, undefined],
    ['chose nothing', { notificationTypes: [], mobile: '07700 900123', textsOn: true }, undefined],
    ['no choice stored', { notificationTypes: null, mobile: '07700 900123', textsOn: true }, undefined],
    ['chose texts, no mobile', { notificationTypes: ['SMS'], mobile: null, textsOn: true }, undefined],
    ['chose texts, a number that is not one', { notificationTypes: ['SMS'], mobile: '12', textsOn: true }, undefined],
    ['chose texts, texts off', { notificationTypes: ['SMS'], mobile: '07700 900123', textsOn: false }, undefined],
  ])('%s', (_, consent, to) => expect(customerTextTo(consent)).toBe(to))
})
