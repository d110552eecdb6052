/**
 * `clinic admin customer create|update|find|export|erase|send-form` (and the desk's `show|note`, `admin
 * book`): a clinic's customers, from the staff login's side.
 */
import { closeSync, fchmodSync, openSync, writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import { isLeft } from 'fp-ts/Either'
import { EraseCustomer, ExportCustomerData, FindCustomer, FindCustomers, SendFormToCustomer } from '../../src/application/use-cases/admin.use-case'
import { CreateDeskCustomer, UpdateDeskCustomer } from '../../src/application/use-cases/desk.use-case'
import type { CustomerUpdate } from '../../src/contract/customers.routes'
import { parseObjectId } from './args'
import { dateOfBirthToIso } from '../../src/domain/time'
import { FormModel, UserFormType } from '../../src/contract/forms.codecs'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatPairs, formatTable } from '../output/table'
import { readDocumentFile } from './document-file'
import { registerDeskBookingCommands } from './admin-desk-booking.command'

export function registerCustomerCommands(admin: Command, ctx: CliContext, call: CliContext['call']): void {
  const customer = admin.command('customer').description('customers of the tenant')
  registerDeskBookingCommands(admin, customer, ctx, call)
  customer
    .command('create')
    .description("create a customer as the desk's New booking does (the sign-up fields, no password): they are mailed a link to set one")
    .requiredOption('--title <title>', 'Mrs, Miss, Ms, Mr, Mx or Dr')
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--surname <name>', 'surname')
    .requiredOption('--email <email>', 'email')
    .requiredOption('--mobile <phone>', 'mobile phone (a UK number, or with the country code: +44...)')
    .requiredOption('--dob <dd/MM/yyyy>', 'date of birth')
    .requiredOption('--gender <gender>', 'male, female, male-trans or female-trans')
    .option('--referral <source>', 'how they heard of the clinic')
    .option('--texts', 'the customer takes texts (SMS) as well as mail: booking notices and pay links go to the mobile too')
    .action(async (opts: { title: string; firstName: string; surname: string; email: string; mobile: string; dob: string; gender: string; referral?: string; texts?: boolean }) => {
      // The contract carries the date as yyyy-MM-dd; every other field is checked by the server
      // with the desk form's rules, and its message (exit 1) names what is wrong.
      const dob = dateOfBirthToIso(opts.dob)
      if (!dob) throw usageError(`--dob must be a date as dd/MM/yyyy, got '${opts.dob}'.`)
      const body = {
        title: opts.title,
        firstName: opts.firstName,
        surname: opts.surname,
        email: opts.email,
        mobilePhone: opts.mobile,
        dob: dob.slice(0, 10),
        gender: opts.gender,
        ...(opts.referral ? { referralSource: opts.referral } : {}),
        notificationTypes: opts.texts ? ['Email' as const, 'SMS' as const] : ['Email' as const],
      }
      const created = await call('Creating the customer', () => ctx.useCase(CreateDeskCustomer).execute(body))
      ctx.print(created, () =>
        [
          formatPairs([
            ['Customer', `${created.firstName} ${created.surname}`],
            ['Email', created.email],
            ['Mobile', created.mobilePhone],
            ['ID', created.id],
          ]),
          'They are mailed a link to set their password.',
          `Book for them: clinic admin book --customer ${created.email} ...`,
        ].join('\n'),
      )
    })

  customer
    .command('update')
    .description("edit a customer's details (only the options given change), checked as the customer's own details form is")
    .argument('<id>', 'customer id (as admin customer find prints it)', parseObjectId)
    .option('--first-name <name>', 'first name')
    .option('--surname <name>', 'surname')
    .option('--email <email>', 'email')
    .option('--mobile <phone>', 'mobile phone (a UK number, or with the country code: +44...)')
    .option('--dob <dd/MM/yyyy>', 'date of birth')
    .option('--texts', 'the customer takes texts (SMS) as well as mail')
    .option('--no-texts', 'mail only, no texts')
    .option('--marketing', 'the customer agrees to marketing by mail')
    .option('--no-marketing', 'no marketing')
    .action(async (id: string, opts: { firstName?: string; surname?: string; email?: string; mobile?: string; dob?: string; texts?: boolean; marketing?: boolean }) => {
      const dob = opts.dob === undefined ? undefined : dateOfBirthToIso(opts.dob)
      if (opts.dob !== undefined && !dob) throw usageError(`--dob must be a date as dd/MM/yyyy, got '${opts.dob}'.`)
      const body: CustomerUpdate = {
        ...(opts.firstName !== undefined ? { firstName: opts.firstName } : {}),
        ...(opts.surname !== undefined ? { surname: opts.surname } : {}),
        ...(opts.email !== undefined ? { email: opts.email } : {}),
        ...(opts.mobile !== undefined ? { mobilePhone: opts.mobile } : {}),
        ...(dob ? { dateOfBirth: dob } : {}),
        ...(opts.texts !== undefined ? { notificationTypes: opts.texts ? ['Email', 'SMS'] : ['Email'] } : {}),
        ...(opts.marketing !== undefined ? { marketingTypes: opts.marketing ? ['Email'] : [] } : {}),
      }
      if (Object.keys(body).length === 0) throw usageError('Nothing to change: pass --first-name, --surname, --email, --mobile, --dob, --texts/--no-texts or --marketing/--no-marketing.')
      const updated = await call('Saving the details', () => ctx.useCase(UpdateDeskCustomer).execute(id, body))
      ctx.print(updated, () =>
        formatPairs([
          ['Customer', `${updated.firstName} ${updated.surname}`],
          ['Email', updated.email],
          ['Mobile', updated.mobilePhone ?? ''],
          ['Texts', updated.notificationTypes?.includes('SMS') ? 'yes' : 'no'],
          ['Marketing', updated.marketingTypes?.length ? 'yes' : 'no'],
          ['ID', updated.id],
        ]),
      )
    })

  customer
    .command('find <email-or-name>')
    .description('find customers by email, name or phone')
    .action(async (q: string) => {
      // an empty search would list every customer of the clinic
      if (q.trim() === '') throw usageError('Give an email or a name to search for.')
      const rows = await call('Searching', () => ctx.useCase(FindCustomers).execute(q))
      ctx.print(rows, () =>
        formatTable(rows, [
          { header: 'Name', value: (c) => `${c.firstName} ${c.surname}` },
          { header: 'Email', value: (c) => c.email },
          { header: 'Mobile', value: (c) => c.mobilePhone ?? '' },
          { header: 'ID', value: (c) => c.id },
        ], { empty: 'No customer found.' }),
      )
    })

  customer
    .command('export <email-or-id>')
    .description('everything held about a customer as JSON (account, bookings, invoices, signed forms, messages): a subject access request')
    .option('-o, --output <file>', 'write it to this file (readable by you only) instead of printing it')
    .action(async (who: string, opts: { output?: string }) => {
      const data = await call("Exporting the customer's data", () => ctx.useCase(ExportCustomerData).execute(who))
      const json = `${JSON.stringify(data, null, 2)}\n`
      if (!opts.output) return void ctx.io.stdout.write(json)
      // personal and health data: not readable by other users of the machine. `mode` applies only to
      // a file created here: one that was there (an earlier export, a `touch`) is made 0600 before the
      // data goes in.
      const fd = openSync(opts.output, 'w', 0o600)
      try {
        fchmodSync(fd, 0o600)
        writeFileSync(fd, json)
      } finally {
        closeSync(fd)
      }
      ctx.print({ file: opts.output }, () => `Written to ${opts.output}.`)
    })

  customer
    .command('erase <email-or-id>')
    .description('erase a customer: personal data, forms, cards and messages gone, future visits cancelled, sessions ended; invoices kept under a pseudonym. Cannot be undone')
    .option('--yes', 'erase without asking')
    .action(async (who: string, opts: { yes?: boolean }) => {
      if (!opts.yes) {
        if (!ctx.canPrompt()) throw usageError('Add --yes to erase this customer.')
        const found = await call('Looking the customer up', () => ctx.useCase(FindCustomer).execute(who))
        const named = 'email' in found ? `${found.firstName} ${found.surname} <${found.email}>` : found.id
        if (!(await ctx.prompt.confirm(`Erase ${named}? This cannot be undone.`))) return ctx.info('Nothing erased.')
      }
      const done = await call('Erasing the customer', () => ctx.useCase(EraseCustomer).execute(who))
      ctx.print(done, () =>
        [
          `Erased. Invoices and payments kept as ${done.pseudonym} (${done.invoicesKept} invoice${done.invoicesKept === 1 ? '' : 's'}).`,
          `Cancelled ${done.appointmentsCancelled} future visit${done.appointmentsCancelled === 1 ? '' : 's'}; deleted ${done.formsDeleted} form${done.formsDeleted === 1 ? '' : 's'}, ${done.cardsDeleted} card${done.cardsDeleted === 1 ? '' : 's'}, ${done.leadsDeleted} enquir${done.leadsDeleted === 1 ? 'y' : 'ies'}, ${done.messagesDeleted} message${done.messagesDeleted === 1 ? '' : 's'}.`,
        ].join('\n'),
      )
    })

  customer
    .command('send-form <email-or-id>')
    .description("send a customer a form to fill in (the clinic's standard one of the type, or --file); they get its link by email")
    .requiredOption('--type <type>', 'consent, general, medical or aftercare')
    .option('-f, --file <file>', 'the form model (YAML or JSON) instead of the standard one')
    .option('--password <password>', 'a password the form asks for (tell the customer another way)')
    .action(async (who: string, opts: { type: string; file?: string; password?: string }) => {
      if (!UserFormType.is(opts.type)) throw usageError(`--type must be consent, general, medical or aftercare, got '${opts.type}'.`)
      const model = opts.file ? FormModel.decode(readDocumentFile(opts.file)) : undefined
      if (model && isLeft(model)) throw usageError(`${opts.file} is not a form model: it needs a name and a list of fields.`)
      const body = { type: opts.type, ...(model ? { model: model.right } : {}), ...(opts.password ? { password: opts.password } : {}) }
      const sent = await call('Sending the form', () => ctx.useCase(SendFormToCustomer).execute(who, body))
      ctx.print(sent, () => `Sent. The customer has its link by email:\n${sent.link}`)
    })
}
