import { describe, expect, it } from 'vitest'
import { cssColour, decodeBase64, parseRegistrationParams } from './registration-params'

const b64 = (s: string) => btoa(s)

describe('registration screen parameters', () => {
  it("reads bc from the base64 'form' query string and 'setup'", () => {
    expect(parseRegistrationParams(`?form=${encodeURIComponent(b64('bc=ff8800&name=x'))}&setup=1`)).toEqual({
      form: { bc: 'ff8800', name: 'x' },
      background: '#ff8800',
      setup: '1',
    })
  })

  it('accepts a leading ?, #hex, named and rgb colours; URL-safe base64 without padding', () => {
    expect(parseRegistrationParams(`?form=${b64('?bc=%23abc')}`).background).toBe('#abc')
    expect(parseRegistrationParams(`?form=${b64('bc=teal').replace(/=+$/, '')}`).background).toBe('teal')
    expect(cssColour('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)')
  })

  it('refuses anything that is not a plain colour, and bad base64', () => {
    expect(cssColour('red;background:url(x)')).toBeUndefined()
    expect(cssColour('')).toBeUndefined()
    expect(decodeBase64('%%%')).toBeUndefined()
    expect(parseRegistrationParams('?form=%%%')).toEqual({ form: {} })
    expect(parseRegistrationParams('')).toEqual({ form: {} })
  })
})
