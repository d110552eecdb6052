/** login, logout, whoami: the customer session kept in the user's config directory (0600). */
import type { Command } from 'commander'
import { GetCurrentUser, Login, Logout, ResetPassword } from '../../src/application/use-cases/auth.use-case'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatPairs } from '../output/table'
import { tenantOfLink } from './admin.command'
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '../../src/domain/validation/password'

/** The token of a mailed password link (its last path part), or the token itself. */
export function passwordLinkToken(link: string): string {
  const text = link.trim()
  try {
    return new URL(text).pathname.split('/').filter(Boolean).pop() ?? ''
  } catch {
    return text
  }
}

export function registerAuthCommands(program: Command, ctx: CliContext): void {
  program
    .command('login')
    .description("sign in as a customer; the token is stored in the user's config directory (mode 0600)")
    .option('--email <email>', 'email (asked when missing)')
    .option('--password <password>', 'password (asked, hidden, when missing; or set CLINIC_PASSWORD)')
    .option('--password-stdin', 'read the password from the first line of stdin')
    .action(async (opts: { email?: string; password?: string; passwordStdin?: boolean }) => {
      const forced = Boolean(opts.passwordStdin)
      let email = opts.email
      if (!email) {
        if (!ctx.canPrompt()) throw usageError('--email is required when stdin is not a terminal.')
        email = await ctx.prompt.ask('Email')
      }
      let password = opts.password ?? ctx.io.env.CLINIC_PASSWORD
      if (!password) {
        if (!ctx.canPrompt(forced)) throw usageError('--password (or --password-stdin, or CLINIC_PASSWORD) is required when stdin is not a terminal.')
        password = await ctx.prompt.ask('Password', { hidden: true, silent: forced && !ctx.io.stdin.isTTY })
      }
      if (!email.trim() || !password) throw usageError('Email and password are required.')
      const user = await ctx.call('Signing in', () => ctx.useCase(Login).execute({ email, password: password! }))
      ctx.print({ user }, () => `Signed in as ${user.firstName} ${user.surname} <${user.email}>.`)
    })

  // A customer the clinic made ('admin customer create') or one who asked for a reset gets a link by
  // mail; without this only the web app could use it, and 'clinic login' had no password to take.
  program
    .command('set-password <link>')
    .description("set your password with the link mailed to you (an account the clinic made for you, or a reset); signs you in")
    .option('--password <password>', 'the new password (asked, hidden, when missing; or set CLINIC_PASSWORD)')
    .action(async (link: string, opts: { password?: string }) => {
      const token = passwordLinkToken(link)
      if (!token) throw usageError(`Give the link from the mail (or its token), got '${link}'.`)
      const password = opts.password ?? ctx.io.env.CLINIC_PASSWORD ?? (ctx.canPrompt() ? await ctx.prompt.ask('New password', { hidden: true }) : undefined)
      if (!password) throw usageError('--password (or CLINIC_PASSWORD) is required when stdin is not a terminal.')
      // The sign-up rule's text word for word (the spec's, as the web shows it: no full stop added),
      // before any call (the server only says 'New password does not meet requirements.').
      if (!meetsPasswordRule(password)) throw usageError(`--password: ${PASSWORD_RULE_MESSAGE}`)
      const linkTenant = tenantOfLink(link)
      if (linkTenant) ctx.useTenantIfNoneGiven(linkTenant)
      const message = await ctx.call('Setting the password', () => ctx.useCase(ResetPassword).execute({ token, newPassword: password }))
      ctx.print({ message, signedIn: true }, () => `${message} You are signed in.`)
    })

  program
    .command('logout')
    .description('sign out: removes the stored token')
    .action(async () => {
      await ctx.useCase(Logout).execute()
      ctx.print({ signedOut: true }, () => 'Signed out.')
    })

  program
    .command('whoami')
    .description('the signed-in customer')
    .action(async () => {
      const user = await ctx.call('Checking who is signed in', () => ctx.useCase(GetCurrentUser).execute())
      ctx.print(user, () =>
        formatPairs([
          ['Name', `${user.firstName} ${user.surname}`],
          ['Email', user.email],
          ['ID', user.id],
          ['Mobile', user.mobilePhone],
        ]),
      )
    })
}
