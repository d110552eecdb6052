import { describe, expect, it } from 'vitest'
import { leadDialCode, parseLeadQuery } from './lead-query'

describe('parseLeadQuery', () => {
  it('applies the defaults of the spec', () => {
    expect(parseLeadQuery('')).toEqual({
      font: 'Inter, sans-serif',
      textColour: 'black',
      backgroundColour: 'white',
      fields: ['firstName', 'surname', 'email'],
      required: ['firstName', 'surname', 'email'],
      title: 'Submit on enquiry',
      interestedTitle: 'Treatments interested in',
      interested: [],
      showInterested: false,
      contactTitle: 'How should we contact you?',
      thankYouText: "Thank you for your enquiry, we'll be in touch as soon as we can",
      phoneCountry: 'gb',
      dialCode: '+44',
    })
  })

  it('reads every parameter', () => {
    const config = parseLeadQuery(
      '?font=Arial&textColor=%23333&backgroundColor=%23fff&buttonColor=red&buttonTextColor=white' +
        '&fields=title,firstName,surname,email,gender,interested&required=gender,title' +
        '&title=Enquire&interestedTitle=Which%3F&interested=Botox,%20Fillers' +
        '&footerText=%253Cb%253EHi%253C%252Fb%253E&marketingText=News&thankYouText=Thanks' +
        '&redirectUrl=https%3A%2F%2Fexample.com&messageTitle=Message',
    )
    expect(config).toMatchObject({
      font: 'Arial',
      textColour: '#333',
      backgroundColour: '#fff',
      buttonColour: 'red',
      buttonTextColour: 'white',
      fields: ['title', 'firstName', 'surname', 'email', 'gender', 'interested'],
      required: ['firstName', 'surname', 'email', 'gender', 'title'],
      title: 'Enquire',
      interestedTitle: 'Which?',
      interested: ['Botox', 'Fillers'],
      showInterested: true,
      footerText: '<b>Hi</b>',
      marketingText: 'News',
      thankYouText: 'Thanks',
      redirectUrl: 'https://example.com',
      messageTitle: 'Message',
    })
  })

  it.each([
    ['fields=email,mobilePhone,firstName,unknown,email', ['surname', 'email', 'mobilePhone', 'firstName']],
    ['fields=dateOfBirth,referralSource', ['firstName', 'surname', 'email', 'dateOfBirth', 'referralSource']],
    ['fields=surname, firstName ,email,title', ['surname', 'firstName', 'email', 'title']],
  ])('fields in query order: %s', (query, fields) => {
    expect(parseLeadQuery(query).fields).toEqual(fields)
  })

  it('shows the interested list only with the field and options', () => {
    expect(parseLeadQuery('fields=interested').showInterested).toBe(false)
    expect(parseLeadQuery('interested=A,B').showInterested).toBe(false)
    expect(parseLeadQuery('fields=interested&interested=A').showInterested).toBe(true)
  })

  it('accepts a record and URLSearchParams, and keeps a footer that is not URL-encoded', () => {
    expect(parseLeadQuery({ title: 'Hello', footerText: '100% <i>off</i>', font: undefined })).toMatchObject({
      title: 'Hello',
      footerText: '100% <i>off</i>',
      font: 'Inter, sans-serif',
    })
    expect(parseLeadQuery(new URLSearchParams({ required: 'mobilePhone' })).required).toEqual([
      'firstName',
      'surname',
      'email',
      'mobilePhone',
    ])
  })

  it('accepts the British spelling of the colour parameters', () => {
    expect(
      parseLeadQuery('textColour=navy&textColor=red&backgroundColour=%23eee&buttonColour=blue&buttonTextColour=gold'),
    ).toMatchObject({ textColour: 'navy', backgroundColour: '#eee', buttonColour: 'blue', buttonTextColour: 'gold' })
  })

  it.each([
    ['gb', '+44'],
    ['AU', '+61'],
    ['nz', '+44'],
    [undefined, '+44'],
  ])('leadDialCode(%s) is %s', (country, dialCode) => {
    expect(leadDialCode(country)).toBe(dialCode)
  })
})
