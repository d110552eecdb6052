/** login, logout, whoami: the customer session kept in the user's config directory (0600). */
import type { Command } from 'commander'
import { GetCurrentUser, Login, Logout } from '../../src/application/use-cases/auth.use-case'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatPairs } from '../output/table'

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
