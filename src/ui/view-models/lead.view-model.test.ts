import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { Lead, LeadBody } from '../../contract/leads.routes'
import { LeadViewModel, type LeadHostMessage, safeRedirectUrl } from './lead.view-model'
import { ToastViewModel } from './toast.view-model'
import { ManualClock, RecordingNavigator } from './form-test-support'

const LEAD = { id: 'cccccccccccccccccccccccc', status: 'Open', firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' } as Lead

function setup(result: E.Either<AppError, Lead> = E.right(LEAD), embedded = true) {
  const clock = new ManualClock()
  const toasts = new ToastViewModel(clock)
  const navigator = new RecordingNavigator()
  const posted: LeadHostMessage[] = []
  const sent: LeadBody[] = []
  const vm = new LeadViewModel({ execute: async (lead) => (sent.push(lead), result) }, toasts, { embedded, post: (m) => posted.push(m) }, navigator, clock)
  return { vm, toasts, navigator, posted, sent, clock }
}

const fill = (vm: LeadViewModel) => {
  vm.setField('firstName', ' Ada ')
  vm.setField('surname', 'Lovelace')
  vm.setField('email', 'Ada@Example.com')
}

describe('LeadViewModel: configuration', () => {
  it('defaults: heading, contact group, thank-you text, gb +44', () => {
    const { vm } = setup()
    vm.configure('')
    expect(vm.config.title).toBe('Submit on enquiry')
    expect(vm.config.contactTitle).toBe('How should we contact you?')
    expect(vm.config.thankYouText).toBe("Thank you for your enquiry, we'll be in touch as soon as we can")
    expect(vm.config.font).toBe('Inter, sans-serif')
    expect(vm.country).toBe('gb')
    expect(vm.dialCode).toBe('+44')
    expect(vm.config.fields).toEqual(['firstName', 'surname', 'email'])
  })

  it('reads fields in their order, the required list, titles and interested options', () => {
    const { vm } = setup()
    vm.configure('?fields=mobilePhone,title,firstName,surname,email,interested&required=title,mobilePhone&title=Hello&interestedTitle=Which%3F&interested=Botox,Fillers&messageTitle=Tell%20us')
    expect(vm.config.fields).toEqual(['mobilePhone', 'title', 'firstName', 'surname', 'email', 'interested'])
    expect(vm.isRequired('title')).toBe(true)
    expect(vm.isRequired('email')).toBe(true)
    expect(vm.isRequired('gender')).toBe(false)
    expect(vm.config.title).toBe('Hello')
    expect(vm.config.interestedTitle).toBe('Which?')
    expect(vm.config.interested).toEqual(['Botox', 'Fillers'])
    expect(vm.config.showInterested).toBe(true)
    expect(vm.config.messageTitle).toBe('Tell us')
  })

  it('the same query configured again (the entry, then the page) keeps what was typed; another starts an empty form', () => {
    const { vm } = setup()
    vm.configure('?title=Hello')
    fill(vm)
    vm.setCountry('au')
    vm.configure('?title=Hello')
    expect(vm.values.surname).toBe('Lovelace')
    expect(vm.country).toBe('au')
    vm.configure('?title=Other')
    expect(vm.values).toEqual({})
    expect(vm.config.title).toBe('Other')
  })

  it('the country switch gives au +61', () => {
    const { vm } = setup()
    vm.configure('')
    vm.setCountry('au')
    expect(vm.dialCode).toBe('+61')
  })
})

describe('LeadViewModel: validation', () => {
  it('on submit: the always-required messages, nothing sent', async () => {
    const { vm, sent } = setup()
    vm.configure('?fields=title,gender,dateOfBirth,mobilePhone&required=title,gender,dateOfBirth,mobilePhone')
    await vm.submit()
    expect(vm.errors).toEqual({
      title: 'Select title',
      firstName: 'First name is required',
      surname: 'Surname is required',
      email: 'Email is required',
      gender: 'Gender is required',
      mobilePhone: 'Phone is required',
      dateOfBirth: 'Date of birth is required',
    })
    expect(sent).toEqual([])
    expect(vm.canSubmit).toBe(false)
  })

  it("email pattern 'Please enter a valid email address'; errors clear when the field is edited", async () => {
    const { vm } = setup()
    vm.configure('')
    vm.setField('firstName', 'Ada')
    vm.setField('surname', 'L')
    vm.setField('email', 'not-an-email')
    await vm.submit()
    expect(vm.errors).toEqual({ email: 'Please enter a valid email address' })
    vm.setField('email', 'ada@example.com')
    expect(vm.errors).toEqual({})
    expect(vm.canSubmit).toBe(true)
  })

  it("mobile checked per country on each change: 'Enter a valid mobile number'", async () => {
    const { vm } = setup()
    expect(await vm.ready()).toBe(true)
    vm.configure('?fields=mobilePhone')
    vm.setField('mobilePhone', '07700 900')
    expect(vm.errors.mobilePhone).toBe('Enter a valid mobile number')
    vm.setField('mobilePhone', '07700 900123')
    expect(vm.errors.mobilePhone).toBeUndefined()
    vm.setCountry('au')
    expect(vm.errors.mobilePhone).toBe('Enter a valid mobile number')
    vm.setField('mobilePhone', '0412 345 678')
    expect(vm.errors.mobilePhone).toBeUndefined()
    vm.setField('mobilePhone', '')
    expect(vm.errors.mobilePhone).toBeUndefined()
  })

  it('date of birth dd/MM/yyyy: a wrong date is refused', async () => {
    const { vm } = setup()
    vm.configure('?fields=dateOfBirth')
    fill(vm)
    vm.setField('dateOfBirth', '31/02/1990')
    await vm.submit()
    expect(vm.errors).toEqual({ dateOfBirth: 'Please enter a valid date.' })
  })

  it("a date of birth after today's London date is refused as sign-up refuses it; today is accepted", async () => {
    // The clock reads 00:30 on 16 June in London (still 15 June in UTC).
    const { vm, sent } = setup()
    vm.configure('?fields=dateOfBirth')
    fill(vm)
    for (const future of ['17/06/2026', '01/01/2090']) {
      vm.setField('dateOfBirth', future)
      await vm.submit()
      expect(vm.errors).toEqual({ dateOfBirth: 'Date of birth cannot be in the future.' })
      expect(vm.status).toBe('editing')
    }
    expect(sent).toEqual([])
    vm.setField('dateOfBirth', '16/06/2026')
    await vm.submit()
    expect(vm.errors).toEqual({})
    expect(sent.map((lead) => lead.dateOfBirth)).toEqual(['2026-06-16T12:00:00.00Z'])
  })
})

describe('LeadViewModel: sending', () => {
  it('sends the payload (trimmed, email lowercased, E.164 mobile, date at noon UTC, contact types) and thanks', async () => {
    const { vm, sent, posted } = setup()
    vm.configure('?fields=firstName,surname,email,mobilePhone,dateOfBirth,interested&interested=Botox,Fillers&messageTitle=Message')
    fill(vm)
    vm.setField('mobilePhone', '07700 900123')
    vm.setField('dateOfBirth', '04/03/1990')
    vm.toggleInterested('Fillers', true)
    vm.toggleInterested('Botox', true)
    vm.toggleInterested('Fillers', false)
    vm.setContact('SMS', true)
    vm.setContact('Email', true)
    vm.setField('message', ' Hello ')
    await vm.submit()
    expect(sent).toEqual([
      {
        firstName: 'Ada',
        surname: 'Lovelace',
        email: 'ada@example.com',
        dateOfBirth: '1990-03-04T12:00:00.00Z',
        mobilePhone: '+447700900123',
        interested: ['Botox'],
        marketingTypes: ['SMS', 'Email'],
        message: 'Hello',
        required: ['firstName', 'surname', 'email'],
      },
    ])
    expect(vm.status).toBe('done')
    expect(posted).toEqual([])
  })

  it("after success with a redirect URL the parent is asked 'redirect:{url}'", async () => {
    const { vm, posted } = setup()
    vm.configure(`?redirectUrl=${encodeURIComponent('https://clinic.example/thanks')}`)
    fill(vm)
    await vm.submit()
    expect(posted).toEqual(['redirect:https://clinic.example/thanks'])
  })

  it('not embedded: the page itself goes to the redirect URL', async () => {
    const { vm, navigator } = setup(E.right(LEAD), false)
    vm.configure('?redirectUrl=https://clinic.example/thanks')
    fill(vm)
    await vm.submit()
    expect(navigator.left).toEqual(['https://clinic.example/thanks'])
  })

  it('a javascript: redirect URL is never followed', async () => {
    expect(safeRedirectUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeRedirectUrl('not a url')).toBeUndefined()
    const { vm, posted } = setup()
    vm.configure('?redirectUrl=javascript:alert(1)')
    fill(vm)
    await vm.submit()
    expect(posted).toEqual([])
    expect(vm.status).toBe('done')
  })

  it("a failure keeps the form and toasts 'Sorry, your lead couldn't be created.'", async () => {
    const { vm, toasts } = setup(E.left({ _tag: 'Refused', status: 400, message: "Sorry, your lead couldn't be created." }))
    vm.configure('')
    fill(vm)
    await vm.submit()
    expect(vm.status).toBe('editing')
    expect(toasts.toasts.map((t) => t.text)).toEqual(["Sorry, your lead couldn't be created."])
  })

  it('preview mode: a valid form is shown as done without being sent', async () => {
    const { vm, sent } = setup()
    vm.configure('?preview=true')
    fill(vm)
    await vm.submit()
    expect(sent).toEqual([])
    expect(vm.status).toBe('done')
  })

  it('a number typed before the checks have loaded (after the first paint) is checked when they arrive', async () => {
    const { vm } = setup()
    vm.configure('?fields=mobilePhone')
    vm.setField('mobilePhone', '07700 900')
    await vm.ready()
    // the load the edit started settles in the same turn as ours
    await Promise.resolve()
    expect(vm.errors.mobilePhone).toBe('Enter a valid mobile number')
  })

  it('no second submit while sending', async () => {
    const { vm, sent } = setup()
    vm.configure('')
    fill(vm)
    await Promise.all([vm.submit(), vm.submit()])
    expect(sent).toHaveLength(1)
  })
})

describe('LeadViewModel: height', () => {
  it("posts { type: 'resize', height } on every change of height, rounded up, once per height", () => {
    const { vm, posted } = setup()
    vm.reportHeight(400.2)
    vm.reportHeight(401)
    vm.reportHeight(520)
    vm.reportHeight(300)
    expect(posted).toEqual([
      { type: 'resize', height: 401 },
      { type: 'resize', height: 520 },
      { type: 'resize', height: 300 },
    ])
  })
})

describe('lead helpers', () => {
  it('loads a named font from the stylesheet service, not a generic family', async () => {
    const { fontStylesheetUrl, fontFamilyName } = await import('./lead.view-model')
    expect(fontStylesheetUrl('Inter, sans-serif')).toBe('https://fonts.googleapis.com/css2?family=Inter:wght@400;600&display=swap')
    expect(fontStylesheetUrl("'Open Sans', serif")).toBe('https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;600&display=swap')
    expect(fontStylesheetUrl('sans-serif')).toBeUndefined()
    expect(fontFamilyName('Bad<script>')).toBeUndefined()
  })

  it('footer and marketing HTML are URL-decoded; the thank-you text defaults to the spec text', () => {
    const { vm } = setup()
    vm.configure(`?footerText=${encodeURIComponent(encodeURIComponent('<p>Footer</p>'))}&marketingText=${encodeURIComponent('%3Cb%3EOffers%3C%2Fb%3E')}`)
    expect(vm.footerHtml).toBe('<p>Footer</p>')
    expect(vm.marketingHtml).toBe('<b>Offers</b>')
    expect(vm.thankYouHtml).toBe("Thank you for your enquiry, we'll be in touch as soon as we can")
    vm.configure('?thankYouText=%3Cp%3EThanks!%3C%2Fp%3E')
    expect(vm.thankYouHtml).toBe('<p>Thanks!</p>')
  })

  it('the window host posts to the parent with any origin and knows whether it is framed', async () => {
    const { windowLeadHost } = await import('./lead.view-model')
    const sent: unknown[][] = []
    const parent = { postMessage: (...args: unknown[]) => sent.push(args) }
    const framed = windowLeadHost({ parent } as unknown as Window)
    expect(framed.embedded).toBe(true)
    framed.post({ type: 'resize', height: 10 })
    expect(sent).toEqual([[{ type: 'resize', height: 10 }, '*']])
    const top = {} as { parent?: unknown }
    top.parent = top
    expect(windowLeadHost(top as unknown as Window).embedded).toBe(false)
    expect(windowLeadHost(undefined).embedded).toBe(false)
  })
})
