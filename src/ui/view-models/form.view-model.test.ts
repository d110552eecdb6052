import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { UserForm } from '../../contract/forms.codecs'
import type { AppError } from '../../application/failure'
import { FORM_TEXT, FormViewModel, type LoadForm, type SignForm, type UpdateForm } from './form.view-model'
import { ToastViewModel } from './toast.view-model'
import { ManualClock, RecordingNavigator } from './form-test-support'

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa'
const customer = { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', firstName: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-03-04T12:00:00.000Z' }

const consentForm = (over: Partial<UserForm> = {}): UserForm =>
  ({ id: ID, type: 'consent', isSigned: false, isUpdated: false, model: { name: 'Consent', fields: [], consent: 'I consent.' }, customer, ...over }) as UserForm

const medicalForm = (over: Partial<UserForm> = {}): UserForm =>
  ({
    id: ID,
    type: 'medical',
    isSigned: false,
    isUpdated: false,
    model: {
      name: 'Medical history',
      fields: [
        { id: 't1', type: 'Title', title: 'About you' },
        { id: 'name', type: 'Text', title: 'Your name', isRequired: true },
        { id: 'agree', type: 'Checkbox', title: 'I agree', isRequired: true },
        { id: 'allergy', type: 'RadioText', title: 'Allergies', isRequired: true, isSubFieldRequired: true },
        { id: 'sig', type: 'SignatureField', title: 'Signature', isRequired: true },
        { id: 'hidden', type: 'Text', title: 'Hidden', isRequired: true, isVisible: 'f' },
      ],
    },
    customer,
    ...over,
  }) as UserForm

/** `form`: the load's answer, or one answer per load in turn. */
function setup(form: E.Either<AppError, UserForm> | E.Either<AppError, UserForm>[], save: E.Either<AppError, string> = E.right(FORM_TEXT.thankYou)) {
  const answers = Array.isArray(form) ? [...form] : undefined
  const clock = new ManualClock()
  const navigator = new RecordingNavigator()
  const toasts = new ToastViewModel(clock)
  const calls: { load: unknown[][]; sign: unknown[][]; update: unknown[][] } = { load: [], sign: [], update: [] }
  const load: LoadForm = { execute: async (...args) => (calls.load.push(args), answers ? answers.shift()! : (form as E.Either<AppError, UserForm>)) }
  const sign: SignForm = { execute: async (...args) => (calls.sign.push(args), save) }
  const update: UpdateForm = { execute: async (...args) => (calls.update.push(args), save) }
  const vm = new FormViewModel(load, sign, update, navigator, clock, toasts)
  let scrolled = 0
  vm.scrollToTop = () => {
    scrolled++
  }
  return { vm, clock, navigator, toasts, calls, scrolled: () => scrolled }
}

const notFound: AppError = { _tag: 'Refused', status: 404, message: FORM_TEXT.notFound }

describe('FormViewModel: loading', () => {
  it('passes the password of the query and shows the consent form with today, name and date of birth', async () => {
    const { vm, calls } = setup(E.right(consentForm()))
    await vm.load(ID, 'secret')
    expect(calls.load).toEqual([[ID, 'secret']])
    expect(vm.status).toBe('ready')
    expect(vm.isConsent).toBe(true)
    expect(vm.consentText).toBe('I consent.')
    expect(vm.today).toBe('16/06/2026')
    expect(vm.customerName).toBe('Ada Lovelace')
    expect(vm.customerDateOfBirth).toBe('04/03/1990')
    expect(vm.dialog).toBeUndefined()
  })

  it('an empty password is not sent', async () => {
    const { vm, calls } = setup(E.right(consentForm()))
    await vm.load(ID, '')
    expect(calls.load).toEqual([[ID, undefined]])
  })

  it("a failed load opens 'Form not found. Redirecting to home page'; Close goes home", async () => {
    const { vm, navigator } = setup(E.left(notFound))
    await vm.load(ID)
    expect(vm.status).toBe('failed')
    expect(vm.dialogText).toBe('Form not found. Redirecting to home page')
    vm.closeDialog()
    expect(navigator.paths).toEqual(['/'])
    expect(vm.dialog).toBeUndefined()
  })

  it('a form that needs its password (401) asks for it instead of saying it is not found, then opens with it', async () => {
    const wrong: AppError = { _tag: 'Refused', status: 401, message: 'The password for this form is not correct.' }
    const { vm, calls, navigator } = setup([E.left(wrong), E.left(wrong), E.right(medicalForm())])
    await vm.load(ID)
    expect(vm.status).toBe('failed')
    expect(vm.dialog).toBeUndefined()
    expect(vm.passwordMessage).toBe('The password for this form is not correct.')
    expect(vm.passwordTried).toBe(false)
    await vm.openWithPassword('   ')
    expect(calls.load).toEqual([[ID, undefined]])
    await vm.openWithPassword('guess')
    expect(vm.passwordMessage).toBe('The password for this form is not correct.')
    expect(vm.passwordTried).toBe(true)
    await vm.openWithPassword('Form1234')
    expect(calls.load).toEqual([[ID, undefined], [ID, 'guess'], [ID, 'Form1234']])
    expect(vm.status).toBe('ready')
    expect(vm.passwordMessage).toBeUndefined()
    expect(vm.title).toBe('Medical history')
    expect(navigator.paths).toEqual([])
  })

  it("an already signed consent form opens 'Consent form already signed. Redirecting to home page'", async () => {
    const { vm } = setup(E.left({ _tag: 'Refused', message: 'Consent form already signed. Redirecting to home page' }))
    await vm.load(ID)
    expect(vm.dialog).toBe('alreadySigned')
    expect(vm.dialogText).toBe('Consent form already signed. Redirecting to home page')
  })

  it('scrolls to the top 500 ms after the load, not before', async () => {
    const { vm, clock, scrolled } = setup(E.right(medicalForm()))
    await vm.load(ID)
    clock.advance(499)
    expect(scrolled()).toBe(0)
    clock.advance(1)
    expect(scrolled()).toBe(1)
  })

  it('scrolls to the top after a failed load too', async () => {
    const { vm, clock, scrolled } = setup(E.left(notFound))
    await vm.load(ID)
    clock.advance(500)
    expect(scrolled()).toBe(1)
  })
})

describe('FormViewModel: consent', () => {
  it('Save is disabled until signed; an empty canvas keeps it disabled; signing enables it', async () => {
    const { vm } = setup(E.right(consentForm()))
    await vm.load(ID)
    expect(vm.canSave).toBe(false)
    vm.consentSignature.open()
    vm.consentSignature.save(undefined, true)
    expect(vm.consentSignature.dialogOpen).toBe(false)
    expect(vm.canSave).toBe(false)
    vm.consentSignature.open()
    vm.consentSignature.save('data:image/png;base64,AAA', false)
    expect(vm.canSave).toBe(true)
  })

  it("signs with the image and the password, then says 'Thank you for completing your form.'", async () => {
    const { vm, calls } = setup(E.right(consentForm()))
    await vm.load(ID, 'pw')
    vm.consentSignature.save('data:image/png;base64,AAA', false)
    await vm.save()
    expect(calls.sign).toEqual([[ID, 'data:image/png;base64,AAA', 'pw']])
    expect(calls.update).toEqual([])
    expect(vm.dialogText).toBe('Thank you for completing your form.')
  })

  it('a failed signing shows the server message as a toast and stays on the form', async () => {
    const { vm, toasts } = setup(E.right(consentForm()), E.left({ _tag: 'Refused', status: 409, message: 'Consent form already signed' }))
    await vm.load(ID)
    vm.consentSignature.save('data:image/png;base64,AAA', false)
    await vm.save()
    expect(toasts.toasts.map((t) => t.text)).toEqual(['Consent form already signed'])
    expect(vm.dialog).toBeUndefined()
    expect(vm.canSave).toBe(true)
  })

  it("a failure without a message shows 'Something went wrong'", async () => {
    const { vm, toasts } = setup(E.right(consentForm()), E.left({ _tag: 'Unreachable', message: '' }))
    await vm.load(ID)
    vm.consentSignature.save('data:image/png;base64,AAA', false)
    await vm.save()
    expect(toasts.toasts.map((t) => t.text)).toEqual(['Something went wrong'])
  })
})

describe('FormViewModel: general, medical and aftercare forms', () => {
  it('Save is disabled while errors exist; each message shows once its field is touched', async () => {
    const { vm } = setup(E.right(medicalForm()))
    await vm.load(ID)
    expect(vm.canSave).toBe(false)
    expect(vm.answers.errorFor('name')).toBeUndefined()
    vm.answers.touch('name')
    expect(vm.answers.errorFor('name')).toBe('field Your name is required')
    vm.answers.set('agree', false)
    expect(vm.answers.errorFor('agree')).toBe('This field must be checked to proceed')
    vm.answers.set('allergy', { answer: 'Yes', sub: '' })
    expect(vm.answers.errorFor('allergy')).toBe('field Allergies is required')
    vm.answers.touch('sig')
    expect(vm.answers.errorFor('sig')).toBe('field Signature needs to be signed')
    expect(vm.answers.errors.hidden).toBeUndefined()
  })

  it('save with errors reveals every message and sends nothing', async () => {
    const { vm, calls } = setup(E.right(medicalForm()))
    await vm.load(ID)
    await vm.save()
    expect(calls.update).toEqual([])
    expect(vm.answers.errorFor('allergy')).toBe('field Allergies should be checked')
    expect(vm.answers.pending.map((p) => p.id)).toEqual(['name', 'agree', 'allergy', 'sig'])
  })

  it("the summary by Save names the checkbox its 'This field must be checked to proceed' is about", async () => {
    const { vm } = setup(E.right(medicalForm()))
    await vm.load(ID)
    const agree = vm.answers.fields.find((f) => f.id === 'agree')
    const summary = Object.fromEntries(vm.answers.pending.map((p) => [p.id, p.message]))
    expect(summary.agree).toBe(`${agree?.title}: This field must be checked to proceed`)
    expect(summary.name).toBe('field Your name is required')
    expect(vm.answers.errors.agree).toBe('This field must be checked to proceed')
  })

  it('sends the answers (widget id to answer, display widgets left out) with the password', async () => {
    const { vm, calls } = setup(E.right(medicalForm()))
    await vm.load(ID, 'pw')
    vm.answers.set('name', 'Ada')
    vm.answers.set('agree', true)
    vm.answers.set('allergy', { answer: 'No' })
    vm.answers.signature('sig').save('data:image/png;base64,BBB', false)
    expect(vm.canSave).toBe(true)
    await vm.save()
    expect(calls.update).toEqual([[ID, { name: 'Ada', agree: true, allergy: { answer: 'No' }, sig: 'data:image/png;base64,BBB' }, 'pw']])
    expect(vm.dialog).toBe('thankYou')
  })

  it('a form already updated is read-only with its answers, and Save stays disabled', async () => {
    const { vm, calls } = setup(E.right(medicalForm({ isUpdated: true, data: { name: 'Ada', agree: true, allergy: { answer: 'No' }, sig: 'data:image/png;base64,C' } })))
    await vm.load(ID)
    expect(vm.readOnly).toBe(true)
    expect(vm.answers.value('name')).toBe('Ada')
    expect(vm.canSave).toBe(false)
    vm.answers.set('name', 'Changed')
    expect(vm.answers.value('name')).toBe('Ada')
    await vm.save()
    expect(calls.update).toEqual([])
  })

  it('a save failure shows the server message as a toast', async () => {
    const { vm, toasts } = setup(E.right(medicalForm()), E.left({ _tag: 'Refused', status: 400, message: 'field Your name is required' }))
    await vm.load(ID)
    vm.answers.set('name', 'Ada')
    vm.answers.set('agree', true)
    vm.answers.set('allergy', { answer: 'No' })
    vm.answers.signature('sig').save('data:image/png;base64,BBB', false)
    await vm.save()
    expect(toasts.toasts.map((t) => t.text)).toEqual(['field Your name is required'])
    expect(vm.dialog).toBeUndefined()
  })

  it('a second load replaces the first form and its answers', async () => {
    const { vm } = setup(E.right(medicalForm()))
    await vm.load(ID)
    vm.answers.set('name', 'Ada')
    await vm.load(ID)
    expect(vm.answers.value('name')).toBeUndefined()
  })
})

describe('FormAnswers under observation', () => {
  it('recomputes the messages when an answer is given for the first time (observed, cached)', async () => {
    const { autorun } = await import('mobx')
    const { vm } = setup(E.right(medicalForm()))
    await vm.load(ID)
    const seen: (string | undefined)[] = []
    const stop = autorun(() => seen.push(vm.answers.errors.allergy))
    vm.answers.set('allergy', { answer: 'Yes' })
    vm.answers.set('allergy', { answer: 'No' })
    stop()
    expect(seen).toEqual(['field Allergies should be checked', 'field Allergies is required', undefined])
  })
})
