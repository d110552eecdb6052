import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { CommanderError } from 'commander'
import { CliError, EXIT, EXIT_CODES_HELP, describeThrown, exitCodeOf, messageOf, orFail } from './exit-codes'

describe('exit codes', () => {
  it.each([
    [{ _tag: 'Refused', status: 409, message: 'Slot taken' } as const, 1],
    [{ _tag: 'NotSignedIn', message: 'You must be logged in' } as const, 1],
    [{ _tag: 'Cancelled', message: 'Cancelled' } as const, 1],
    [{ _tag: 'Unreachable', message: 'connect ECONNREFUSED' } as const, 3],
    [{ _tag: 'ContractViolation', message: 'An unexpected error occurred' } as const, 3],
  ])('maps %j to %i', (error, code) => {
    expect(exitCodeOf(error)).toBe(code)
  })

  it('keeps the server message as the one line, and explains the other failures', () => {
    expect(messageOf({ _tag: 'Refused', status: 400, message: 'Invalid email' })).toBe('Invalid email')
    expect(messageOf({ _tag: 'Unreachable', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'http://127.0.0.1:1')).toBe(
      'Could not reach the server at http://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
    )
    // a customer's text (the lead form's) is not the transport's words: the line says the server could not be reached
    expect(messageOf({ _tag: 'Unreachable', message: "Sorry, your lead couldn't be created." }, 'http://127.0.0.1:1')).toBe('Could not reach the server at http://127.0.0.1:1.')
    expect(messageOf({ _tag: 'Unreachable', message: "Sorry, your lead couldn't be created.", cause: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe(
      'Could not reach the server: connect ECONNREFUSED 127.0.0.1:1',
    )
    expect(messageOf({ _tag: 'ContractViolation', message: 'An unexpected error occurred' })).toMatch(/broke the API contract/)
    expect(messageOf({ _tag: 'NotSignedIn', message: 'You must be logged in' })).toBe("You must be logged in: run 'clinic login' first.")
    // the server's 401 (no or an expired token) says how to sign in; a wrong password does not
    expect(messageOf({ _tag: 'Refused', status: 401, message: 'You need to log in to do this.' })).toBe("You need to log in to do this. Run 'clinic login' first.")
    expect(messageOf({ _tag: 'Refused', status: 401, message: 'The email or password is incorrect.' })).toBe('The email or password is incorrect.')
  })

  it('maps commander errors to 2, and help or version to 0', () => {
    expect(describeThrown(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--x'")).code).toBe(EXIT.usage)
    expect(describeThrown(new CommanderError(1, 'commander.invalidArgument', 'bad')).code).toBe(EXIT.usage)
    expect(describeThrown(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)')).code).toBe(EXIT.ok)
    expect(describeThrown(new CliError('nope', EXIT.refused))).toEqual({ code: 1, message: 'nope' })
  })

  it('orFail unwraps a Right and throws the CliError of a Left', async () => {
    await expect(orFail(E.right(5))).resolves.toBe(5)
    await expect(orFail(E.left({ _tag: 'Refused', message: 'Too late' } as const))).rejects.toMatchObject({ exitCode: 1, message: 'Too late' })
  })

  it('documents every code', () => {
    for (const code of ['0', '1', '2', '3']) expect(EXIT_CODES_HELP).toMatch(new RegExp(`^  ${code}  `, 'm'))
  })
})
