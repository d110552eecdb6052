import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import * as O from 'fp-ts/Option'
import type { CurrentUser } from '../../contract/customers.codecs'
import { clinicA, clinicB, organisation, user, world , refused } from './booking.test-support'
import { COOKIE_BANNER, EMAIL_VERIFIED, STAGING_BANNER } from './session.view-model'
import { ACCOUNT_CREATED, EXISTING_CUSTOMER_SENT, LoginViewModel } from './login.view-model'
import { GiftVoucherViewModel } from './gift-voucher.view-model'
import { BOOK_NEW, MAP_HEADING, MAP_ZOOM, PAYMENT_NOT_COMPLETED, ThankYouViewModel, thankYouKind } from './thank-you.view-model'
import { TOAST_MS } from './toast.view-model'

describe('SessionViewModel (spec section 1 and 4, App start and Login)', () => {
  it('loads the organisation and the current user; the header reads {name} Online Booking', async () => {
    const w = world({ GetCurrentUser: async () => E.right(user as CurrentUser) })
    await w.session.start()
    expect(w.session.headerTitle).toBe('Demo Clinic Online Booking')
    expect(w.session.user?.firstName).toBe('Jo')
    expect(w.session.currency).toBe('GBP')
  })

  it("arrival from the verification link opens the login box with 'Your email is verified. You can now log in.'", () => {
    const w = world()
    expect(w.session.arriveWith('?service=0')).toBe(false)
    expect(w.session.loginModalOpen).toBe(false)
    expect(w.session.arriveWith('?emailVerified=true')).toBe(true)
    expect(w.session.loginModalOpen).toBe(true)
    expect(w.session.loginModalLocked).toBe(false)
    expect(w.session.loginNotice).toBe('Your email is verified. You can now log in.')
    expect(EMAIL_VERIFIED).toBe('Your email is verified. You can now log in.')
    w.session.closeLoginModal()
    expect(w.session.loginNotice).toBeUndefined()
  })

  it('the links cache loads on demand', async () => {
    const w = world()
    await w.session.refreshLinks()
    expect(w.useCases.calls.LoadLinks).toHaveLength(1)
  })

  it('the app renders when the user cannot be loaded', async () => {
    const w = world({ GetCurrentUser: async () => E.left(refused('Request failed with status 500')) })
    await w.session.start()
    expect(w.session.userLoaded).toBe(true)
    expect(w.session.authenticated).toBe(false)
  })

  it('staging and cookie banners only outside production; Got it! stores acceptance', () => {
    expect(world().session.showStagingBanner).toBe(false)
    expect(world().session.showCookieBanner).toBe(false)
    const local = world({}, { environment: 'local' })
    expect(local.session.showStagingBanner).toBe(true)
    expect(local.session.showCookieBanner).toBe(true)
    local.session.acceptCookies()
    expect(local.session.showCookieBanner).toBe(false)
    expect(local.store.get('cookiesAccepted')).toBe(true)
    expect(STAGING_BANNER).toBe('This is a staging environment! It includes unstable features and all data generated may be deleted without notice.')
    expect(COOKIE_BANNER).toBe('This website uses cookies to analyze user behavior and improve our services.')
  })

  it("'Manage appointments' signed out opens a closable login modal", () => {
    const w = world()
    let opened = false
    w.session.requireLogin({ then: () => (opened = true) })
    expect(w.session.loginModalLocked).toBe(false)
    w.session.closeLoginModal()
    expect(w.session.loginModalOpen).toBe(false)
    expect(opened).toBe(false)
  })

  it('logout clears the user', () => {
    const w = world()
    w.session.signedIn(user)
    w.session.logout()
    expect(w.session.authenticated).toBe(false)
    expect(w.useCases.calls.Logout).toHaveLength(1)
  })

  it('toasts disappear after 3 seconds', () => {
    const w = world()
    w.toasts.show('Something went wrong')
    w.clock.advance(TOAST_MS - 1)
    expect(w.toasts.toasts).toHaveLength(1)
    w.clock.advance(1)
    expect(w.toasts.toasts).toHaveLength(0)
  })
})

describe('LoginViewModel', () => {
  function loginWorld(overrides = {}) {
    const w = world(overrides)
    w.session.organisation = organisation
    return { ...w, vm: new LoginViewModel(w.useCases.Login, w.useCases.Register, w.useCases.ForgotPassword, w.session, w.clock) }
  }

  it('a login signs the customer in and runs what was waiting', async () => {
    const { vm, session, useCases } = loginWorld()
    let next = false
    session.requireLogin({ locked: true, then: () => (next = true) })
    vm.setEmail(' Jo@Example.com ')
    vm.setPassword('Secret123')
    await vm.login()
    expect(useCases.calls.Login![0]).toEqual([{ email: 'jo@example.com', password: 'Secret123' }])
    expect(session.user).toEqual(user)
    expect(next).toBe(true)
  })

  it('a failed login shows the server message in red', async () => {
    const { vm, session } = loginWorld({ Login: async () => E.left(refused('Invalid email or password')) })
    vm.setEmail('jo@example.com')
    vm.setPassword('nope')
    await vm.login()
    expect(vm.error).toBe('Invalid email or password')
    expect(session.authenticated).toBe(false)
  })

  it('sign-up validates with the spec rules and messages', async () => {
    const { vm, useCases } = loginWorld()
    vm.setMode('new')
    vm.setSignUpField('password', 'short')
    vm.setSignUpField('confirmPassword', 'other')
    await vm.register()
    expect(vm.signUpErrors).toMatchObject({
      title: 'Invalid Title',
      name: 'Name is required',
      surname: 'Surname is required',
      mobile: 'Mobile is required',
      dateOfBirth: 'Date of birth is required',
      gender: 'Gender is required',
      email: 'Email is required',
      password: 'Password must have at least 8 characters, one capital letter and one number',
      confirmPassword: 'Passwords do not match',
    })
    expect(useCases.calls.Register).toBeUndefined()
    vm.setSignUpField('name', 'Jo')
    expect(vm.signUpErrors.name).toBeUndefined()
  })

  it('a valid sign-up registers and shows the account-created message', async () => {
    const { vm, useCases } = loginWorld()
    vm.setMode('new')
    const fields = {
      title: 'Ms', name: 'Jo', surname: 'Bloggs', mobile: '07700 900123', dateOfBirth: '01/02/1990', gender: 'female',
      email: 'Jo@Example.com', password: 'Secret123', confirmPassword: 'Secret123', referralSource: 'Website',
    } as const
    for (const [k, v] of Object.entries(fields)) vm.setSignUpField(k as keyof typeof fields, v)
    await vm.register()
    expect(useCases.calls.Register![0][0]).toMatchObject({
      title: 'Ms', name: 'Jo', surname: 'Bloggs', dob: '1990-02-01T12:00:00.000Z', gender: 'female', email: 'jo@example.com', referralSource: 'Website',
    })
    expect(vm.info).toBe(ACCOUNT_CREATED)
    expect(vm.mode).toBe('existing')
  })

  it('a double click on Create account, Log in or the password link sends one request (two sign-ups showed the success and, in red, that the account exists)', async () => {
    const { vm, useCases } = loginWorld()
    vm.setMode('new')
    const fields = { title: 'Mr', name: 'A', surname: 'B', mobile: '07700 900123', dateOfBirth: '01/02/1990', gender: 'male', email: 'a@b.co', password: 'Secret123', confirmPassword: 'Secret123' }
    for (const [k, v] of Object.entries(fields)) vm.setSignUpField(k as keyof typeof fields, v)
    await Promise.all([vm.register(), vm.register()])
    expect(useCases.calls.Register).toHaveLength(1)
    expect(vm.error).toBeUndefined()
    vm.setPassword('Secret123')
    await Promise.all([vm.login(), vm.login()])
    expect(useCases.calls.Login).toHaveLength(1)
    await Promise.all([vm.requestPasswordLink(), vm.requestPasswordLink()])
    expect(useCases.calls.ForgotPassword).toHaveLength(1)
  })

  it('a date of birth after today shows beside its field and sends nothing (the server refused it with a message at the top)', async () => {
    const { vm, useCases, clock } = loginWorld()
    vm.setMode('new')
    const next = clock.now().getUTCFullYear() + 1
    const fields = { title: 'Mr', name: 'A', surname: 'B', mobile: '07700 900123', dateOfBirth: `01/02/${next}`, gender: 'male', email: 'a@b.co', password: 'Secret123', confirmPassword: 'Secret123' }
    for (const [k, v] of Object.entries(fields)) vm.setSignUpField(k as keyof typeof fields, v)
    await vm.register()
    expect(vm.signUpErrors).toEqual({ dateOfBirth: 'Date of birth cannot be in the future.' })
    expect(useCases.calls.Register).toBeUndefined()
  })

  it('register 400 shows the server message in red', async () => {
    const { vm } = loginWorld({ Register: async () => E.left(refused('Email already registered')) })
    vm.setMode('new')
    const fields = { title: 'Mr', name: 'A', surname: 'B', mobile: '07700 900123', dateOfBirth: '01/02/1990', gender: 'male', email: 'a@b.co', password: 'Secret123', confirmPassword: 'Secret123' }
    for (const [k, v] of Object.entries(fields)) vm.setSignUpField(k as keyof typeof fields, v)
    await vm.register()
    expect(vm.error).toBe('Email already registered')
  })

  it('an existing customer gets a password link and the email-sent modal', async () => {
    const { vm, useCases } = loginWorld()
    vm.setEmail('old@example.com')
    await vm.requestPasswordLink()
    expect(useCases.calls.ForgotPassword![0]).toEqual([{ email: 'old@example.com', existingUser: true }])
    expect(vm.info).toBe(EXISTING_CUSTOMER_SENT)
    expect(vm.emailSentOpen).toBe(true)
  })
})

describe('GiftVoucherViewModel', () => {
  function voucherWorld() {
    const w = world()
    w.session.organisation = organisation
    w.booking.setLocation(clinicA)
    return { ...w, vm: new GiftVoucherViewModel(w.booking, w.session) }
  }

  it('offers the default amounts when the organisation sets none', () => {
    expect(voucherWorld().vm.values).toEqual([50, 100, 150, 200, 250, 500])
  })

  it('for me: straight to confirm', () => {
    const { vm, booking, navigator } = voucherWorld()
    vm.choose(100)
    expect(vm.dialogOpen).toBe(true)
    vm.submit()
    expect(booking.view.giftVouchers).toEqual([{ value: 100 }])
    expect(navigator.last).toBe('/step/c1/confirm')
  })

  it('for someone else: the receiver is validated', () => {
    const { vm, booking } = voucherWorld()
    vm.choose(50)
    vm.setRecipient('someoneElse')
    vm.submit()
    expect(vm.errors).toEqual({ name: 'Name is required', email: 'Email is required', confirmEmail: 'Confirm email is required' })
    vm.setField('name', 'Sam')
    vm.setField('email', 'sam@example')
    vm.setField('confirmEmail', 'sam@example.com')
    vm.submit()
    expect(vm.errors.email).toBe('Invalid email address')
    vm.setField('email', 'sam@example.com')
    vm.setField('confirmEmail', 'other@example.com')
    vm.submit()
    expect(vm.errors.confirmEmail).toBe('Email addresses do not match')
    vm.setField('confirmEmail', 'SAM@example.com')
    vm.setField('message', 'Happy birthday')
    vm.submit()
    expect(booking.view.giftVouchers).toEqual([{ value: 50, receiver: { name: 'Sam', email: 'sam@example.com', message: 'Happy birthday' } }])
    expect(vm.dialogOpen).toBe(false)
  })
})

describe('ThankYouViewModel', () => {
  function thanksWorld(overrides = {}, org = organisation) {
    const w = world(overrides)
    w.session.organisation = org
    return { ...w, vm: new ThankYouViewModel(w.useCases.LocateClinic, w.booking, w.session, w.store, w.navigator, w.useCases.DeletePendingAppointment) }
  }

  it('chooses the text for the kind of purchase', async () => {
    expect(thankYouKind({ coursePurchase: 'true' })).toBe('course')
    expect(thankYouKind({ courseServiceBooking: 'true' })).toBe('courseService')
    expect(thankYouKind({ giftVoucherPurchase: 'true' })).toBe('giftVoucher')
    const { vm } = thanksWorld()
    await vm.open({ giftVoucherPurchase: 'true' })
    expect(vm.text).toBe('Voucher on its way')
    expect([MAP_HEADING, MAP_ZOOM, BOOK_NEW]).toEqual(['How to find us', 15, 'Book new appointment'])
  })

  it("back from the bank's check (3-D Secure) without paying: no thanks, the pending booking released, nothing left for thankYouPageUrl", async () => {
    const { vm, navigator, useCases } = thanksWorld({}, { ...organisation, thankYouPageUrl: 'https://clinic.example/thanks' })
    await vm.open({ serviceBooking: 'true', booked: 'a1,a2', payment_intent: 'pi_1', redirect_status: 'failed' })
    expect(vm.notPaid).toBe(true)
    expect(navigator.left).toEqual([])
    expect(useCases.calls.DeletePendingAppointment).toEqual([['a1'], ['a2']])
    expect(PAYMENT_NOT_COMPLETED).toBe('Your card was not charged and your booking was not made. Please book again.')
    for (const redirect_status of ['succeeded', 'processing']) {
      const paid = thanksWorld()
      await paid.vm.open({ serviceBooking: 'true', booked: 'a1', redirect_status })
      expect(paid.vm.notPaid).toBe(false)
      expect(paid.useCases.calls.DeletePendingAppointment).toBeUndefined()
    }
  })

  it('redirects to thankYouPageUrl when set', async () => {
    const { vm, navigator } = thanksWorld({}, { ...organisation, thankYouPageUrl: 'https://clinic.example/thanks' })
    await vm.open({ serviceBooking: 'true' })
    expect(navigator.left).toEqual(['https://clinic.example/thanks'])
  })

  it('uses the clinic coordinates, or geocodes the address when it has none', async () => {
    const a = thanksWorld()
    a.booking.setLocation(clinicA)
    await a.vm.open({})
    expect(a.vm.coordinates).toEqual({ latitude: 51.52, longitude: -0.147 })
    expect(a.useCases.calls.LocateClinic).toBeUndefined()
    const b = thanksWorld({ LocateClinic: async () => E.right(O.none) })
    b.booking.setLocation(clinicB)
    await b.vm.open({})
    expect(b.useCases.calls.LocateClinic).toHaveLength(1)
    expect(b.vm.coordinates).toBeUndefined()
    expect(b.vm.clinic?.id).toBe('c2')
  })

  it("'Book new appointment' restarts at the last clinic", async () => {
    const { vm, booking, navigator } = thanksWorld()
    booking.chooseLocation(clinicB)
    await vm.open({})
    vm.bookNew()
    expect(navigator.last).toBe('/step/c2')
  })
})
