import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { acceptableUrl, isInternalHost, signatureHeader } from './webhooks.service'

describe('acceptableUrl', () => {
  it('takes https to another machine, and http to this one only outside production', () => {
    expect(acceptableUrl('https://crm.example.com/hooks', false)).toBe(true)
    expect(acceptableUrl('http://crm.example.com/hooks', true)).toBe(false)
    expect(acceptableUrl('http://127.0.0.1:4000/hooks', true)).toBe(true)
    expect(acceptableUrl('http://127.0.0.1:4000/hooks', false)).toBe(false)
    expect(acceptableUrl('https://user:secret@crm.example.com/', false)).toBe(false)
    expect(acceptableUrl('ftp://crm.example.com/', true)).toBe(false)
    expect(acceptableUrl('not a url', true)).toBe(false)
  })

  it('refuses, in production, https to this machine or a private network written into the URL', () => {
    for (const url of ['https://localhost/', 'https://127.0.0.1/', 'https://10.1.2.3/', 'https://172.20.0.1/', 'https://192.168.1.10/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://[fd00::1]/']) {
      expect(acceptableUrl(url, false), url).toBe(false)
    }
    expect(isInternalHost('172.32.0.1')).toBe(false)
    expect(isInternalHost('8.8.8.8')).toBe(false)
  })
})

describe('signatureHeader', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const body = '{"id":"evt_1"}'
    const v1 = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex')
    expect(signatureHeader('whsec_test', body, 1_700_000_000)).toBe(`t=1700000000,v1=${v1}`)
  })
})
