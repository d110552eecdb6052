import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { CardsViewModel, NONCE_MESSAGE_TYPE, TOKENIZER_URL } from './cards.view-model'
import { CUSTOMER, useCase, world } from './account.view-model.test-support'
import type { StoredCard } from '../../contract/cards.routes'
import type { CardSetupResult } from '../../application/use-cases/cards.use-case'

const VISA: StoredCard = { id: 'card1', last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2030, isDefaultCard: true }
const MC: StoredCard = { id: 'card2', last_4: '4444', card_brand: 'MASTERCARD', exp_month: 1, exp_year: 2031, isDefaultCard: false }

const NOT_CONNECTED = 'There was an issue connecting to our Credit card handler.'

function setup(options: { cards?: StoredCard[]; addFails?: string; setup?: (onProcessing: (m: string) => void) => E.Either<never, CardSetupResult>; provider?: 'sandbox' | 'stripe' | 'square' } = {}) {
  const w = world()
  let cards = options.cards ?? [VISA]
  const list = useCase(() => E.right(cards))
  const add = useCase((input: { cardNonce: string; isDefaultCard?: boolean }) => {
    if (options.addFails) return E.left({ _tag: 'Refused' as const, message: options.addFails })
    const card = { ...MC, isDefaultCard: Boolean(input.isDefaultCard) }
    cards = [...cards, card]
    return E.right(card)
  })
  const remove = useCase((_c: string, id: string) => E.right((cards = cards.filter((c) => c.id !== id))))
  const setDefault = useCase((_c: string, id: string) => E.right((cards = cards.map((c) => ({ ...c, isDefaultCard: c.id === id })))))
  const retrieve = useCase((_secret: string, opts: { onProcessing?: (m: string) => void }) => options.setup!(opts.onProcessing ?? (() => {})))
  const provider = options.provider ?? 'sandbox'
  const start = useCase(() =>
    E.right(
      provider === 'sandbox'
        ? { id: 'si', clientSecret: 'sec2', status: 'requires_payment_method' as const, setupUrl: '/sandbox/setup/sec2?returnUrl=%2Fapp' }
        : provider === 'stripe'
          ? { id: 'seti_2', clientSecret: 'seti_2_secret_x', status: 'requires_payment_method' as const }
          : { id: 'card-on-file', clientSecret: 'card-on-file', status: 'requires_payment_method' as const, addCardPath: '/square/add-customer-card' },
    ),
  )
  const seller = useCase(() => E.right({ provider, applicationId: provider === 'stripe' ? 'pk_test' : 'app', locationId: 'loc', tokenizerUrl: 'https://js.stripe.com/v3/' }))
  const vm = new CardsViewModel(list as never, add as never, remove as never, setDefault as never, retrieve as never, start as never, w.session, w.toasts, w.navigator, seller as never)
  return { ...w, vm, list, add, remove, setDefault, retrieve, start, seller }
}

const intent = (status: CardSetupResult['status'], message: string, isDefaultCard?: boolean): CardSetupResult => ({
  status,
  message,
  setupIntent: { id: 'si', clientSecret: 'sec', status, ...(isDefaultCard === undefined ? {} : { isDefaultCard }) },
})
const FAILED = 'Failed to process payment details. Please try another payment method.'

describe('CardsViewModel', () => {
  it('lists the customer\'s cards', async () => {
    const { vm, list } = setup({ cards: [VISA, MC] })
    await vm.load()
    expect(list.execute).toHaveBeenCalledWith(CUSTOMER.id)
    expect(vm.cards.map((c) => c.last_4)).toEqual(['4242', '4444'])
  })

  it('uses the sandbox tokenizer page', () => {
    expect(TOKENIZER_URL).toBe('/sandbox/tokenize')
    expect(NONCE_MESSAGE_TYPE).toBe('sandbox-card-nonce')
  })

  it('adds a card from the tokenizer nonce message and refreshes the list', async () => {
    const { vm, add } = setup()
    await vm.load()
    vm.openAdd()
    expect(vm.makeDefault).toBe(false)
    vm.setMakeDefault(true)
    await vm.receiveMessage({ type: 'sandbox-card-nonce', nonce: 'nonce-1', brand: 'MASTERCARD', last4: '4444' })
    expect(add.execute).toHaveBeenCalledWith({ customerId: CUSTOMER.id, cardNonce: 'nonce-1', isDefaultCard: true })
    expect(vm.cards).toHaveLength(2)
    expect(vm.addDialogOpen).toBe(false)
  })

  it('ignores other messages', async () => {
    const { vm, add } = setup()
    await vm.receiveMessage({ type: 'resize', height: 10 })
    await vm.receiveMessage('redirect:/x')
    expect(add.execute).not.toHaveBeenCalled()
  })

  it('the first card is default by default', async () => {
    const { vm } = setup({ cards: [] })
    await vm.load()
    expect(vm.isEmpty).toBe(true)
    vm.openAdd()
    expect(vm.makeDefault).toBe(true)
  })

  it('shows the processor error when the processor is not connected', async () => {
    const { vm } = setup({ addFails: NOT_CONNECTED })
    await vm.load()
    vm.openAdd()
    await vm.addWithNonce('n')
    expect(vm.error).toBe(NOT_CONNECTED)
    expect(vm.addDialogOpen).toBe(true)
  })

  it('deletes a card after confirmation', async () => {
    const { vm, remove } = setup({ cards: [VISA, MC] })
    await vm.load()
    vm.askDelete(MC)
    expect(vm.deleting).toEqual(MC)
    await vm.confirmDelete()
    expect(remove.execute).toHaveBeenCalledWith(CUSTOMER.id, 'card2')
    expect(vm.cards.map((c) => c.id)).toEqual(['card1'])
    expect(vm.deleting).toBeUndefined()
  })

  it('a double click on Make default or Delete card sends one request, and the buttons are busy meanwhile', async () => {
    const { vm, remove, setDefault } = setup({ cards: [VISA, MC] })
    await vm.load()
    const first = vm.makeCardDefault(MC)
    expect(vm.busy).toBe(true)
    await Promise.all([first, vm.makeCardDefault(MC)])
    expect(setDefault.execute).toHaveBeenCalledTimes(1)
    expect(vm.busy).toBe(false)
    vm.askDelete(VISA)
    await Promise.all([vm.confirmDelete(), vm.confirmDelete()])
    expect(remove.execute).toHaveBeenCalledTimes(1)
    expect(vm.cards.map((c) => c.id)).toEqual(['card2'])
  })

  it('makes a card the default', async () => {
    const { vm, setDefault } = setup({ cards: [VISA, MC] })
    await vm.load()
    await vm.makeCardDefault(VISA)
    expect(setDefault.execute).not.toHaveBeenCalled()
    await vm.makeCardDefault(MC)
    expect(vm.cards.find((c) => c.isDefaultCard)?.id).toBe('card2')
  })

  it('card setup succeeded: the saved message, then /app', async () => {
    const { vm, navigator } = setup({ setup: () => E.right(intent('succeeded', 'Success! Your payment method has been saved.')) })
    await vm.showSetupResult('sec')
    expect(vm.setup).toEqual({ status: 'succeeded', message: 'Success! Your payment method has been saved.' })
    vm.closeSetup()
    expect(navigator.last).toBe('/app')
  })

  it('card setup processing: the processing message while the use case retries', async () => {
    const seen: unknown[] = []
    const { vm } = setup({
      setup: (onProcessing) => {
        onProcessing("Processing payment details. We'll update you when processing is complete.")
        seen.push(vm.setup)
        return E.right(intent('succeeded', 'Success! Your payment method has been saved.'))
      },
    })
    await vm.showSetupResult('sec')
    expect(seen).toEqual([{ status: 'processing', message: "Processing payment details. We'll update you when processing is complete." }])
    expect(vm.setup?.status).toBe('succeeded')
  })

  it('card setup failed: the failure message and a change of payment method', async () => {
    const { vm, navigator, start } = setup({ setup: () => E.right(intent('requires_payment_method', 'Failed to process payment details. Please try another payment method.')) })
    await vm.showSetupResult('sec')
    expect(vm.setup).toEqual({ status: 'requires_payment_method', message: 'Failed to process payment details. Please try another payment method.' })
    await vm.changePaymentMethod()
    expect(start.execute).toHaveBeenCalledWith(CUSTOMER.id, undefined)
    expect(navigator.left).toEqual(['/sandbox/setup/sec2?returnUrl=%2Fapp'])
  })

  it("card setup failed on the sandbox's page: the new setup carries the failed one's 'default' choice (the page has no box)", async () => {
    const { vm, start } = setup({ setup: () => E.right(intent('requires_payment_method', FAILED, true)) })
    await vm.showSetupResult('sec')
    await vm.changePaymentMethod()
    expect(start.execute).toHaveBeenCalledWith(CUSTOMER.id, true)
  })

  it("Stripe: the SetupIntent is made on 'Save card', with the 'default' box as ticked then; its outcome opens the setup result dialog", async () => {
    const { vm, start, retrieve } = setup({ provider: 'stripe', setup: () => E.right(intent('succeeded', 'Success! Your payment method has been saved.')) })
    await vm.load()
    vm.openAdd()
    await vi.waitFor(() => expect(vm.processor?.provider).toBe('stripe'))
    // Opening the dialog makes no intent: the box is not decided yet.
    expect(start.execute).not.toHaveBeenCalled()
    expect(vm.makeDefault).toBe(false)
    vm.setMakeDefault(true)
    vm.addStarted()
    expect(await vm.createSetup()).toBe('seti_2_secret_x')
    expect(start.execute).toHaveBeenCalledWith(CUSTOMER.id, true)
    expect(vm.setupSecret).toBe('seti_2_secret_x')
    vm.setupDone()
    expect(vm.addDialogOpen).toBe(false)
    await vi.waitFor(() => expect(vm.setup).toEqual({ status: 'succeeded', message: 'Success! Your payment method has been saved.' }))
    expect(retrieve.execute).toHaveBeenCalledWith('seti_2_secret_x', expect.anything())
  })

  it("Stripe: the box left unticked (or ticked then unticked) goes as such", async () => {
    const { vm, start } = setup({ provider: 'stripe' })
    await vm.load()
    vm.openAdd()
    vm.setMakeDefault(true)
    vm.setMakeDefault(false)
    vm.addStarted()
    await vm.createSetup()
    expect(start.execute).toHaveBeenCalledWith(CUSTOMER.id, false)
  })

  it('Stripe: when the SetupIntent cannot be made, the dialog stays open with the reason and the card is not confirmed', async () => {
    const { vm, start } = setup({ provider: 'stripe' })
    start.execute.mockResolvedValueOnce(E.left({ _tag: 'Refused', message: NOT_CONNECTED }) as never)
    await vm.load()
    vm.openAdd()
    vm.addStarted()
    expect(await vm.createSetup()).toBeUndefined()
    expect(vm.error).toBe(NOT_CONNECTED)
    expect(vm.adding).toBe(false)
    expect(vm.addDialogOpen).toBe(true)
  })

  it("Stripe: 'Change payment method' opens the add dialog with the failed setup's choice; the new intent waits for 'Save card'", async () => {
    const { vm, start } = setup({ provider: 'stripe', setup: () => E.right(intent('requires_payment_method', FAILED, true)) })
    await vm.load()
    await vm.showSetupResult('sec')
    await vm.changePaymentMethod()
    expect(vm.setup).toBeUndefined()
    expect(vm.addDialogOpen).toBe(true)
    expect(vm.makeDefault).toBe(true)
    expect(start.execute).not.toHaveBeenCalled()
    vm.addStarted()
    await vm.createSetup()
    expect(start.execute).toHaveBeenCalledWith(CUSTOMER.id, true)
  })

  it('Square: no setup intent; "Change payment method" opens the card form, whose nonce is stored as a card on file', async () => {
    const { vm, start, add } = setup({ provider: 'square', setup: () => E.right(intent('requires_payment_method', 'Failed to process payment details. Please try another payment method.')) })
    await vm.showSetupResult('sec')
    await vm.changePaymentMethod()
    expect(vm.addDialogOpen).toBe(true)
    await vi.waitFor(() => expect(vm.processor?.provider).toBe('square'))
    expect(vm.setupSecret).toBeUndefined()
    expect(start.execute).toHaveBeenCalledTimes(1)
    await vm.addWithNonce('cnon:card-nonce-ok')
    expect(add.execute).toHaveBeenCalledWith(expect.objectContaining({ cardNonce: 'cnon:card-nonce-ok' }))
    expect(vm.addDialogOpen).toBe(false)
  })
})
