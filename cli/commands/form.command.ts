/** form show / form submit: a form sent to a customer by link (optional password). */
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { LoadUserForm, SubmitFormAnswers } from '../../src/application/use-cases/forms.use-case'
import type { FormField, FormOption } from '../../src/contract/forms.codecs'
import type { CliContext } from '../context'
import * as E from 'fp-ts/Either'
import { refused, usageError } from '../exit-codes'
import { formatPairs, formatTable } from '../output/table'
import { collectPairs, parseObjectId } from './args'

/** The web page's texts end with '. Redirecting to home page'; a terminal goes nowhere. */
const WEB_REDIRECT = /\. Redirecting to home page$/

const optionText = (o: FormOption) => (typeof o === 'string' ? o : (o.label ?? o.value))
const answerText = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v))

/** A typed answer: JSON when it parses (true, 3, ["a","b"]), else the text as is. */
export function answerValue(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

function readAnswersFile(path: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (e) {
    throw usageError(`Cannot read answers from ${path}: ${(e as Error).message}`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw usageError(`${path} must hold a JSON object of field id to answer.`)
  return parsed as Record<string, unknown>
}

export function registerFormCommands(program: Command, ctx: CliContext): void {
  const form = program.command('form').description('forms sent to customers by link')

  form
    .command('show')
    .description('a form with its fields and the answers given so far')
    .argument('<formId>', 'form id (from the link)', parseObjectId)
    .option('--password <password>', "the form's password, when it has one")
    .action(async (id: string, opts: { password?: string }) => {
      const result = await ctx.spinner.run('Loading the form', () => ctx.useCase(LoadUserForm).execute(id, opts.password))
      if (E.isLeft(result)) {
        const e = result.left
        // 401: the form has a password (or a wrong one was given): the server's text and a hint
        if (e._tag === 'Refused' && e.status === 401) throw refused(`${e.message} (${opts.password ? 'wrong password' : 'this form needs --password'})`)
        if (WEB_REDIRECT.test(e.message)) throw refused(e.message.replace(WEB_REDIRECT, '.'))
        ctx.fail(e)
      }
      const loaded = result.right
      const answers = loaded.data ?? {}
      const fields = loaded.model.fields.filter((f) => f.isVisible !== 'f')
      const showFields = fields.length > 0 || !loaded.model.consent
      ctx.print(loaded, () =>
        [
          formatPairs([
            ['Form', loaded.model.name],
            ['Type', loaded.type],
            ['Customer', `${loaded.customer.firstName} ${loaded.customer.surname}`],
            ['Status', loaded.isSigned ? 'signed' : loaded.isUpdated ? 'completed' : 'to complete'],
            ...(loaded.model.description ? [['Description', loaded.model.description] as const] : []),
          ]),
          // a consent form is its consent text (signed on the form page; it has no fields to answer)
          ...(loaded.model.consent ? ['', 'Consent:', loaded.model.consent] : []),
          ...(showFields ? ['', formatTable<FormField>(
            fields,
            [
              { header: 'Field ID', value: (f) => f.id },
              { header: 'Type', value: (f) => f.type },
              { header: 'Title', value: (f) => f.title ?? f.textTitle ?? '' },
              { header: 'Required', value: (f) => (f.isRequired ? 'yes' : '') },
              { header: 'Options', value: (f) => (f.options ?? []).map(optionText).join(' | ') },
              { header: 'Answer', value: (f) => answerText(answers[f.id] ?? (f.hasDefaultValue ? f.value : undefined)) },
            ],
            { empty: 'No content to show.', header: ctx.style.bold },
          )] : []),
        ].join('\n'),
      )
    })

  form
    .command('submit')
    .description('answer a form: --answer fieldId=value (repeatable; JSON values allowed) or --answers FILE')
    .argument('<formId>', 'form id (from the link)', parseObjectId)
    .option('--answer <fieldId=value>', 'one answer; repeat for each field', collectPairs, {})
    .option('--answers <file>', 'a JSON object of field id to answer')
    .option('--password <password>', "the form's password, when it has one")
    .action(async (id: string, opts: { answer: Record<string, string>; answers?: string; password?: string }) => {
      const data: Record<string, unknown> = opts.answers ? readAnswersFile(opts.answers) : {}
      for (const [field, raw] of Object.entries(opts.answer)) data[field] = answerValue(raw)
      if (Object.keys(data).length === 0) throw usageError('Give at least one --answer fieldId=value, or --answers FILE.')
      const message = await ctx.call('Sending the answers', () => ctx.useCase(SubmitFormAnswers).execute(id, data, opts.password))
      ctx.print({ submitted: true, message }, () => message)
    })
}
