import * as E from 'fp-ts/Either'
import type { AppError } from '../src/application/failure'
import { TEXT } from '../src/application/errors'

/**
 * The CLI's exit codes (documented in `clinic --help` and docs/cli.md):
 * 0 success, 1 the server refused (validation, conflict, policy, not signed in) or the outcome printed is a failure,
 * 2 usage error (unknown command or option, bad argument), 3 server unreachable or contract violation.
 */
export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  the server refused (validation, conflict, cancellation policy, not signed in, declined card, a webhook test not delivered)
  2  usage error (unknown command or option, missing or malformed argument)
  3  server unreachable, its answer broke the API contract, or --base-url is not the clinic server`

/** An error that ends the command with one line on stderr and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage)
/** A command that did not succeed and has printed why on stdout already: exit 1 with no more to say. */
export const outcomePrinted = () => new CliError('', EXIT.refused)
export const refused = (message: string) => new CliError(message, EXIT.refused)

/** How a use case failure ends the CLI. */
export function exitCodeOf(error: AppError): ExitCode {
  switch (error._tag) {
    case 'Refused':
    case 'SlotTaken':
    case 'HoldLost':
    case 'NotSignedIn':
    case 'Cancelled':
      return EXIT.refused
    case 'Unreachable':
    case 'ContractViolation':
      return EXIT.unreachable
  }
}

const UNREACHABLE_HINT = 'Could not reach the server'
export const CUSTOMER_LOGIN = 'clinic login'
export const STAFF_LOGIN = 'clinic admin login'
const CUSTOMER_TEXTS: ReadonlySet<string> = new Set(Object.values(TEXT))
/** Starts the transport error of an answer that is not the API's (cli.container.ts guardApiAnswers). */
export const NOT_THE_API = 'Not the clinic API: '

/**
 * One clear line: the server's message, or why the server could not be used. `login` is the command
 * that signs in for the call that failed ('clinic login' for a customer's, 'clinic admin login' for
 * staff's; null where no sign-in helps, as with the operator key).
 */
export function messageOf(error: AppError, baseUrl?: string, login: string | null = CUSTOMER_LOGIN): string {
  switch (error._tag) {
    case 'Unreachable': {
      if (error.cause?.startsWith(NOT_THE_API))
        return `The server${baseUrl ? ` at ${baseUrl}` : ''} is not the clinic API: ${error.cause.slice(NOT_THE_API.length)}; is --base-url the clinic server?`
      // a text for customers (the lead form's 'Sorry, your lead couldn't be created.') says nothing of the transport
      const detail = error.cause ?? (CUSTOMER_TEXTS.has(error.message) ? undefined : error.message)
      return `${UNREACHABLE_HINT}${baseUrl ? ` at ${baseUrl}` : ''}${detail ? `: ${detail}` : '.'}`
    }
    case 'ContractViolation':
      return `The server's answer broke the API contract: ${error.message}`
    case 'NotSignedIn':
      return login ? `${error.message}: run '${login}' first.` : error.message
    case 'Refused':
      // the server's "You need to log in to do this." (no or an expired token); a wrong password
      // (at login, or a form's) is a 401 too, and needs no hint
      return login && error.status === 401 && !/password/i.test(error.message) ? `${error.message} Run '${login}' first.` : error.message
    default:
      return error.message
  }
}

export const toCliError = (error: AppError, baseUrl?: string, login: string | null = CUSTOMER_LOGIN) => new CliError(messageOf(error, baseUrl, login), exitCodeOf(error))

/** The Right value, or throws the CliError of the Left. */
export async function orFail<T>(result: Promise<E.Either<AppError, T>> | E.Either<AppError, T>, baseUrl?: string, login: string | null = CUSTOMER_LOGIN): Promise<T> {
  const value = await result
  if (E.isLeft(value)) throw toCliError(value.left, baseUrl, login)
  return value.right
}

/** Maps anything thrown by a command to an exit code and one line of text. */
export function describeThrown(thrown: unknown): { code: ExitCode; message: string } {
  if (thrown instanceof CliError) return { code: thrown.exitCode, message: thrown.message }
  const commanderCode = (thrown as { code?: unknown })?.code
  if (typeof commanderCode === 'string' && commanderCode.startsWith('commander.')) {
    const exitCode = (thrown as { exitCode?: number }).exitCode
    return { code: exitCode === 0 ? EXIT.ok : EXIT.usage, message: '' }
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  return { code: EXIT.unreachable, message: `Unexpected failure: ${message}` }
}
