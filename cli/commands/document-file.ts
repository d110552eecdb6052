/** Reading a document file (YAML or JSON) for the CLI's commands: a clear error for every way it can fail. */
import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { parse } from 'yaml'
import { checkSetupDocument } from '../../src/contract/setup-document.check'
import type { SetupDocument } from '../../src/contract/setup-document.codecs'
import { refused, usageError } from '../exit-codes'

/** One mapping from a YAML or JSON file (a form model, a set-up document). */
export function readDocumentFile(file: string): Record<string, unknown> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw usageError(`Cannot read ${file}: ${(error as Error).message}`)
  }
  let value: unknown
  try {
    // YAML is a superset of JSON: one parser reads both.
    value = parse(text)
  } catch (error) {
    // the parser's first line ends with ':' before a excerpt of the file; the line and column are enough
    throw usageError(`${file} is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]!.replace(/:\s*$/, '.')}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw usageError(`${file} must hold one document (a mapping), not ${Array.isArray(value) ? 'a list' : String(value)}.`)
  return value as Record<string, unknown>
}

/**
 * The set-up file, checked here with the contract's codec and rules before anything is sent: a bad
 * file is refused (exit 1, like the server's refusal) with every error as 'path: problem'.
 */
export function readSetupDocument(file: string): SetupDocument {
  const checked = checkSetupDocument(readDocumentFile(file))
  if (E.isLeft(checked)) throw refused(`${file} is not a valid set-up document; nothing was sent:\n${checked.left.join('\n')}`)
  return checked.right
}
