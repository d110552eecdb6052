/** lead: an enquiry, as the embeddable lead form sends it. */
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import { SubmitLead } from '../../src/application/use-cases/forms.use-case'
import type { LeadBody } from '../../src/contract/leads.routes'
import { dateOfBirthToIso, londonDateOf } from '../../src/domain/time'
import { validateLead, type LeadField } from '../../src/domain/validation/lead'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatPairs } from '../output/table'
import { collect } from './args'

type ContactType = 'Email' | 'SMS'

const OPTION_OF: Partial<Record<LeadField, string>> = { firstName: '--first-name', surname: '--surname', email: '--email', mobilePhone: '--mobile', dateOfBirth: '--dob' }

export function registerLeadCommand(program: Command, ctx: CliContext): void {
  program
    .command('lead')
    .description('send an enquiry (lead) as the lead form does')
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--surname <name>', 'surname')
    .requiredOption('--email <email>', 'email')
    .option('--title <title>', 'title (Mr, Ms...)')
    .option('--gender <gender>', 'gender')
    .option('--dob <dd/MM/yyyy>', 'date of birth')
    .option('--mobile <phone>', 'mobile phone, with the country code (+44...)')
    .option('--referral <source>', 'how they heard of us')
    .option('--interested <treatment>', 'treatment interested in; repeatable', collect, [])
    .option('--contact <Email|SMS>', 'how to contact them; repeatable', collect, [])
    .option('--message <text>', 'message')
    .action(async (opts: {
      firstName: string
      surname: string
      email: string
      title?: string
      gender?: string
      dob?: string
      mobile?: string
      referral?: string
      interested: string[]
      contact: string[]
      message?: string
    }) => {
      // The lead form's own checks first: the server's reason for a refusal (a bad email or mobile)
      // does not reach the CLI, only the spec's "Sorry, your lead couldn't be created."
      const country = opts.mobile ? (await ctx.org()).country : undefined
      const dateOfBirth = opts.dob === undefined ? undefined : dateOfBirthToIso(opts.dob)
      if (opts.dob !== undefined && !dateOfBirth) throw usageError(`--dob must be a date as dd/MM/yyyy, got '${opts.dob}'.`)
      const checked = validateLead(
        { firstName: opts.firstName, surname: opts.surname, email: opts.email, mobilePhone: opts.mobile, dateOfBirth: opts.dob },
        { fields: ['firstName', 'surname', 'email', 'mobilePhone', 'dateOfBirth'], required: [] },
        { today: londonDateOf(new Date()), country },
      )
      if (E.isLeft(checked)) {
        const [field, message] = Object.entries(checked.left)[0] as [LeadField, string]
        throw usageError(`${OPTION_OF[field] ?? field}: ${message.replace(/\.$/, '')}.`)
      }
      const marketingTypes = opts.contact.map((c) => {
        const match = (['Email', 'SMS'] as const).find((t) => t.toLowerCase() === c.toLowerCase())
        if (!match) throw usageError(`--contact must be Email or SMS, got '${c}'.`)
        return match as ContactType
      })
      const body: LeadBody = {
        firstName: opts.firstName,
        surname: opts.surname,
        email: opts.email,
        ...(opts.title ? { title: opts.title } : {}),
        ...(opts.gender ? { gender: opts.gender } : {}),
        ...(dateOfBirth ? { dateOfBirth } : {}),
        ...(opts.mobile ? { mobilePhone: opts.mobile } : {}),
        ...(opts.referral ? { referralSource: opts.referral } : {}),
        ...(opts.interested.length ? { interested: opts.interested } : {}),
        ...(marketingTypes.length ? { marketingTypes } : {}),
        ...(opts.message ? { message: opts.message } : {}),
      }
      const lead = await ctx.call('Sending the enquiry', () => ctx.useCase(SubmitLead).execute(body))
      ctx.done('Thank you: your enquiry has been sent.')
      ctx.print(lead, () =>
        formatPairs([
          ['Lead', lead.id],
          ['Status', lead.status],
          ['Name', `${lead.firstName} ${lead.surname}`],
          ['Email', lead.email],
        ]),
      )
    })
}
