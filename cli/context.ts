/**
 * What every command receives: the global options, the streams, the use cases (from the CLI's
 * composition root, built on first use), output helpers (JSON or aligned tables), spinners, prompts.
 */
import * as E from 'fp-ts/Either'
import type { AppError } from '../src/application/failure'
import { LoadOrganisation } from '../src/application/use-cases/catalogue.use-case'
import { GetCurrentUser } from '../src/application/use-cases/auth.use-case'
import type { CurrentUser } from '../src/contract/customers.codecs'
import type { OrganisationPublic } from '../src/contract/organisation.routes'
import { currencyOrDefault, formatMoney, type Currency } from '../src/domain/pricing/money'
import { formatLondonDateTime } from '../src/domain/time'
import { CUSTOMER_LOGIN, orFail, toCliError } from './exit-codes'
import { Spinner } from './output/spinner'
import { colorWanted, createStyle, type Style } from './output/style'
import { Prompter } from './prompt'
import type { UseCaseClass, UseCases } from './cli.container'

export interface OutStream {
  write(chunk: string): unknown
  isTTY?: boolean
}

export interface CliIo {
  stdout: OutStream
  stderr: OutStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  env: NodeJS.ProcessEnv
}

export interface GlobalOptions {
  baseUrl: string
  tenant?: string
  json: boolean
  color: boolean
}

/** Builds the composition root once the global options are known. */
export type ContainerFactory = (options: GlobalOptions, io: CliIo) => UseCases

export class CliContext {
  private useCases: UseCases | undefined
  private organisation: OrganisationPublic | undefined
  private prompter: Prompter | undefined
  readonly spinner: Spinner

  private current: GlobalOptions | undefined

  constructor(
    readonly io: CliIo,
    private readonly readOptions: () => GlobalOptions,
    private readonly build: ContainerFactory,
  ) {
    this.spinner = new Spinner(io.stderr)
  }

  /** Reads and checks the global options (a bad one is a usage error); called before every action. */
  loadOptions(): void {
    this.current = this.readOptions()
  }

  get options(): GlobalOptions {
    this.current ??= this.readOptions()
    return this.current
  }

  /** The global options if they were read (they are before every action), else undefined. */
  get loadedOptions(): GlobalOptions | undefined {
    return this.current
  }

  /**
   * The tenant of this command when neither --tenant nor CLINIC_TENANT names one (a set-password
   * link's host does); before any use case is built, which reads the tenant once.
   */
  useTenantIfNoneGiven(tenant: string): void {
    if (this.options.tenant !== undefined || this.useCases !== undefined) return
    this.current = { ...this.options, tenant }
  }

  get json(): boolean {
    return this.options.json
  }

  /** Colours for stdout (human output only). */
  get style(): Style {
    return createStyle(!this.json && colorWanted(Boolean(this.io.stdout.isTTY), this.options.color, this.io.env))
  }

  /** Colours for stderr messages. */
  get errStyle(): Style {
    return createStyle(colorWanted(Boolean(this.io.stderr.isTTY), this.current?.color ?? true, this.io.env))
  }

  /** A use case of the application layer, by its class, from the CLI's composition root. */
  useCase<T>(useCase: UseCaseClass<T>): T {
    this.useCases ??= this.build(this.options, this.io)
    return this.useCases(useCase)
  }

  /**
   * Runs a use case call under a spinner and unwraps it (a Left ends the command with its exit code).
   * `login`: the command a 401 points to (the customer's by default; staff calls pass STAFF_LOGIN).
   */
  async call<T>(text: string, work: () => Promise<E.Either<AppError, T>>, login: string | null = CUSTOMER_LOGIN): Promise<T> {
    return orFail(this.spinner.run(text, work), this.options.baseUrl, login)
  }

  /** Prints the result: JSON on stdout with --json, else the human text. */
  print(data: unknown, human: () => string): void {
    if (this.json) this.io.stdout.write(`${JSON.stringify(data, null, 2)}\n`)
    else {
      const text = human()
      if (text !== '') this.io.stdout.write(`${text}\n`)
    }
  }

  /** A message for people: stderr, so stdout stays machine-readable. */
  info(message: string): void {
    this.io.stderr.write(`${message}\n`)
  }

  /** A success line: stdout in human mode, stderr with --json. */
  done(message: string): void {
    if (this.json) this.info(message)
    else this.io.stdout.write(`${this.style.green(message)}\n`)
  }

  async org(): Promise<OrganisationPublic> {
    this.organisation ??= await this.call('Loading the organisation', () =>
      this.useCase(LoadOrganisation).execute(),
    )
    return this.organisation
  }

  async currency(): Promise<Currency> {
    return currencyOrDefault((await this.org()).currency)
  }

  /** Formats an amount in the organisation's currency. */
  async moneyFormatter(): Promise<(amount: number | undefined) => string> {
    const currency = await this.currency()
    return (amount) => (amount === undefined ? '' : formatMoney(amount, currency))
  }

  /** 'dd/MM/yyyy HH:mm' in Europe/London. */
  dateTime(iso: string): string {
    return formatLondonDateTime(new Date(iso))
  }

  /** The signed-in customer, or exit 1 "You must be logged in: run 'clinic login' first." */
  async currentUser(): Promise<CurrentUser> {
    return this.call('Checking who is signed in', () => this.useCase(GetCurrentUser).execute())
  }

  /** Questions on stderr, answers on stdin. */
  get prompt(): Prompter {
    this.prompter ??= new Prompter(this.io)
    return this.prompter
  }

  /** Whether questions may be asked: stdin is a terminal (or the command was told to ask). */
  canPrompt(forced = false): boolean {
    return forced || Boolean(this.io.stdin.isTTY)
  }

  fail(error: AppError): never {
    throw toCliError(error, this.options.baseUrl)
  }

  close(): void {
    this.spinner.stop()
    this.prompter?.close()
  }
}
