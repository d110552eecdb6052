import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { AddCard, DeleteCard, ListCards, LoadCardProcessor, RetrieveCardSetup, SetDefaultCard, StartCardSetup } from '../../application/use-cases/cards.use-case'
import type { Seller, SetupIntentStatus, StoredCard } from '../../contract/cards.routes'
import { NAVIGATOR, type Navigator, type Exec } from './app-services'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'


/** The sandbox processor's card page that turns a card into a nonce (posted to this window). */
export const TOKENIZER_URL = '/sandbox/tokenize'
export const NONCE_MESSAGE_TYPE = 'sandbox-card-nonce'

export interface CardSetupDialog {
  status: SetupIntentStatus | 'loading'
  message: string
}

/**
 * Stored cards of the customer area: list, add (sandbox tokenizer nonce), delete, default, and the
 * card setup result dialog opened by setup_intent_client_secret (spec sections 4 'Card setup' and 8).
 */
@injectable()
export class CardsViewModel {
  cards: StoredCard[] = []
  loading = false
  loaded = false
  adding = false
  addDialogOpen = false
  makeDefault = false
  error?: string = undefined
  deleting?: StoredCard = undefined
  /** a delete or default change is on its way (a second click would send it twice) */
  busy = false
  setup?: CardSetupDialog = undefined
  /** which processor takes the card (the add dialog shows its form); loaded when the dialog first opens */
  processor?: Seller = undefined
  /** Stripe: the SetupIntent the Payment Element of the add dialog confirms, made on 'Save card' */
  setupSecret?: string = undefined
  /** the 'default' choice of the setup whose result the dialog shows: a new setup after a failure carries it on */
  private setupWish?: boolean = undefined

  constructor(
    @inject(ListCards) private readonly listCards: Exec<ListCards>,
    @inject(AddCard) private readonly addCard: Exec<AddCard>,
    @inject(DeleteCard) private readonly deleteCard: Exec<DeleteCard>,
    @inject(SetDefaultCard) private readonly setDefaultCard: Exec<SetDefaultCard>,
    @inject(RetrieveCardSetup) private readonly retrieveSetup: Exec<RetrieveCardSetup>,
    @inject(StartCardSetup) private readonly startSetup: Exec<StartCardSetup>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(LoadCardProcessor) private readonly loadProcessor: Exec<LoadCardProcessor>,
  ) {
    makeAutoObservable<CardsViewModel, 'listCards' | 'addCard' | 'deleteCard' | 'setDefaultCard' | 'retrieveSetup' | 'startSetup' | 'session' | 'toasts' | 'navigator' | 'loadProcessor' | 'setupWish'>(this, {
      listCards: false, addCard: false, deleteCard: false, setDefaultCard: false, retrieveSetup: false, startSetup: false,
      session: false, toasts: false, navigator: false, loadProcessor: false, setupWish: false,
    })
  }

  private get customerId(): string | undefined {
    return this.session.user?.id
  }

  get isEmpty(): boolean {
    return this.loaded && this.cards.length === 0
  }

  async load(): Promise<void> {
    const id = this.customerId
    if (!id) return
    this.loading = true
    const result = await this.listCards.execute(id)
    runInAction(() => {
      this.loading = false
      this.loaded = true
      if (E.isRight(result)) this.cards = result.right
      else this.error = result.left.message
    })
  }

  /** The add dialog with the processor's card form; `makeDefault`: the box ticked already (a failed setup's choice). */
  openAdd(makeDefault = false): void {
    this.error = undefined
    this.makeDefault = makeDefault || this.cards.length === 0
    this.setupSecret = undefined
    this.addDialogOpen = true
    void this.processorOrError()
  }

  /** Which processor takes the card, loaded once; undefined: it could not be reached (`error` says so). */
  private async processorOrError(): Promise<Seller | undefined> {
    if (this.processor) return this.processor
    const loaded = await this.loadProcessor.execute()
    return runInAction(() => {
      if (E.isLeft(loaded)) {
        this.error = loaded.left.message
        return undefined
      }
      this.processor = loaded.right
      return loaded.right
    })
  }

  /**
   * Stripe, on 'Save card': the SetupIntent the Payment Element confirms. Made now, not when the dialog
   * opened, so that it carries the 'default' box as the customer left it; the server applies the choice
   * when the setup succeeds, also after a 3-D Secure redirect or a reload. undefined: not made (`error`).
   */
  async createSetup(): Promise<string | undefined> {
    const id = this.customerId
    if (!id) return undefined
    const started = await this.startSetup.execute(id, this.makeDefault)
    return runInAction(() => {
      if (E.isLeft(started) || !this.addDialogOpen) {
        this.adding = false
        if (E.isLeft(started)) this.error = started.left.message
        return undefined
      }
      this.setupSecret = started.right.clientSecret
      return this.setupSecret
    })
  }

  closeAdd(): void {
    this.addDialogOpen = false
    this.adding = false
    this.setupSecret = undefined
  }

  /** A card form sent the card to its processor. */
  addStarted(): void {
    this.adding = true
    this.error = undefined
  }

  /** Stripe confirmed the card setup in the browser, or refused the card: the spec's setup result dialog tells which. */
  setupDone(): void {
    const secret = this.setupSecret
    this.closeAdd()
    if (secret) void this.showSetupResult(secret)
  }

  /** A card form's refusal that keeps the dialog open (an incomplete field, the card form not loading). */
  addRefused(message: string): void {
    this.adding = false
    this.error = message
  }

  setMakeDefault(value: boolean): void {
    this.makeDefault = value
  }

  /** A message from the tokenizer frame: adds the card when it carries a nonce. */
  async receiveMessage(data: unknown): Promise<void> {
    if (typeof data !== 'object' || data === null) return
    const message = data as { type?: unknown; nonce?: unknown }
    if (message.type !== NONCE_MESSAGE_TYPE || typeof message.nonce !== 'string') return
    await this.addWithNonce(message.nonce)
  }

  async addWithNonce(nonce: string): Promise<void> {
    const id = this.customerId
    if (!id || this.adding) return
    this.adding = true
    this.error = undefined
    const result = await this.addCard.execute({ customerId: id, cardNonce: nonce, isDefaultCard: this.makeDefault })
    if (E.isLeft(result)) {
      runInAction(() => {
        this.adding = false
        this.error = result.left.message
      })
      return
    }
    const list = await this.listCards.execute(id)
    runInAction(() => {
      this.adding = false
      this.addDialogOpen = false
      if (E.isRight(list)) this.cards = list.right
      else this.cards = [...this.cards, result.right]
      this.toasts.show('Your card has been saved.', 'success')
    })
  }

  askDelete(card: StoredCard): void {
    this.deleting = card
  }

  cancelDelete(): void {
    this.deleting = undefined
  }

  async confirmDelete(): Promise<void> {
    const id = this.customerId
    const card = this.deleting
    if (!id || !card || this.busy) return
    this.busy = true
    const result = await this.deleteCard.execute(id, card.id)
    runInAction(() => {
      this.busy = false
      this.deleting = undefined
      if (E.isLeft(result)) this.toasts.show(result.left.message)
      else this.cards = result.right
    })
  }

  async makeCardDefault(card: StoredCard): Promise<void> {
    const id = this.customerId
    if (!id || card.isDefaultCard || this.busy) return
    this.busy = true
    const result = await this.setDefaultCard.execute(id, card.id)
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) this.toasts.show(result.left.message)
      else this.cards = result.right
    })
  }

  /** setup_intent_client_secret in the URL: the result dialog, retrying every second while processing. */
  async showSetupResult(clientSecret: string): Promise<void> {
    this.setup = { status: 'loading', message: '' }
    const result = await this.retrieveSetup.execute(clientSecret, {
      onProcessing: (message) => runInAction(() => (this.setup = { status: 'processing', message })),
    })
    runInAction(() => {
      if (E.isLeft(result)) this.setup = { status: 'requires_payment_method', message: result.left.message }
      else this.setup = { status: result.right.status, message: result.right.message }
      this.setupWish = E.isRight(result) ? result.right.setupIntent.isDefaultCard : undefined
    })
    if (E.isRight(result) && result.right.status === 'succeeded') void this.load()
  }

  /** Closes the result dialog; after a success the account page opens without the query. */
  closeSetup(): void {
    const status = this.setup?.status
    this.setup = undefined
    if (status === 'succeeded' || status === 'requires_payment_method' || status === 'processing') this.navigator.go('/app', { replace: true })
  }

  /** 'Change payment method' after a failed setup: a new setup, with the failed one's 'default' choice. */
  async changePaymentMethod(): Promise<void> {
    const id = this.customerId
    if (!id) return
    const wish = this.setupWish
    const processor = await this.processorOrError()
    if (!processor) {
      runInAction(() => (this.setup = { status: 'requires_payment_method', message: this.error ?? '' }))
      return
    }
    if (processor.provider === 'stripe') {
      // The add dialog again: its SetupIntent is made on 'Save card', with the box as ticked then.
      runInAction(() => (this.setup = undefined))
      this.openAdd(wish)
      return
    }
    const result = await this.startSetup.execute(id, wish)
    if (E.isLeft(result)) {
      runInAction(() => (this.setup = { status: 'requires_payment_method', message: result.left.message }))
      return
    }
    runInAction(() => (this.setup = undefined))
    // The sandbox's page has no 'default' box: the new setup carries the choice. Square (addCardPath): its card form posts a nonce.
    if (result.right.setupUrl) this.navigator.leave(result.right.setupUrl)
    else this.openAdd(wish)
  }
}
