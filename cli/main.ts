/**
 * `clinic`: the support CLI. `main(argv, io)` runs one command and resolves to its exit code
 * (0 success, 1 refused by the server, 2 usage error, 3 server unreachable or contract violation);
 * cli/bin.mjs calls it with the process streams. Tests call it in-process.
 */
import { Command, Help, Option } from 'commander'
import { format } from 'node:util'
import packageJson from '../package.json'
import { CliContext, type CliIo, type ContainerFactory, type GlobalOptions } from './context'
import { cliUseCases, type CliConfig } from './cli.container'
import { EXIT, EXIT_CODES_HELP, describeThrown, usageError, type ExitCode } from './exit-codes'
import { registerAuthCommands } from './commands/auth.command'
import { registerCatalogueCommands } from './commands/catalogue.command'
import { registerAvailabilityCommands } from './commands/availability.command'
import { registerBookCommand } from './commands/book.command'
import { registerBuyCommands } from './commands/buy.command'
import { registerAppointmentCommands } from './commands/appointments.command'
import { registerCoursesCommand } from './commands/courses.command'
import { registerFormCommands } from './commands/form.command'
import { registerLeadCommand } from './commands/lead.command'
import { registerCompletionCommands } from './commands/completion.command'
import { registerAdminCommands } from './commands/admin.command'
import { registerWaitlistCommands } from './commands/waitlist.command'

export const DEFAULT_BASE_URL = 'http://localhost:3000'
const CONTRACT_VIOLATION = 'Contract violation: '
const { version } = packageJson

export const processIo = (): CliIo => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env })

/** The composition root for the global options; `overrides` lets tests swap the clock or timeouts. */
export const containerFactory =
  (overrides: Partial<CliConfig> = {}): ContainerFactory =>
  (options, io) =>
    cliUseCases({
      baseUrl: options.baseUrl,
      tenant: options.tenant,
      env: io.env,
      log: io.env.CLINIC_DEBUG ? (line) => io.stderr.write(`${line}\n`) : undefined,
      notice: (line) => io.stderr.write(`${line}\n`),
      ...overrides,
    })

const defaultFactory = containerFactory()

function checkBaseUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw usageError(`--base-url must be an http(s) address, got '${value}'.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`--base-url must be an http(s) address, got '${value}'.`)
  return value.replace(/\/+$/, '')
}

export function buildProgram(
  ctxOf: (program: Command) => CliContext,
  io: CliIo,
): { program: Command; ctx: CliContext; /** '(run clinic book --help for usage)' */ usageOf: () => string } {
  const program = new Command('clinic')
  const ctx = ctxOf(program)
  /** The command whose action runs: a usage error it finds ends with where its usage is. */
  let running: Command = program
  program
    .description('Support CLI of the clinic online booking: browse, book, pay, manage appointments, forms and leads against a server.')
    .addOption(new Option('--base-url <url>', 'server address (the API is under <url>/api)').default(io.env.CLINIC_BASE_URL || DEFAULT_BASE_URL))
    .addOption(new Option('--tenant <name>', 'tenant short name, sent as the X-Tenant header').default(io.env.CLINIC_TENANT || undefined))
    .version(version, '-V, --version', 'the version of the CLI')
    .option('--json', 'machine-readable JSON on stdout; messages on stderr', false)
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .addHelpText('after', `\n${EXIT_CODES_HELP}\n\nThe sign-in token is kept in $XDG_CONFIG_HOME/clinic/token (else ~/.config/clinic/token), mode 0600.`)
    .configureOutput(outputTo(io, 'clinic'))
    .configureHelp(HELP)
    .exitOverride()
    .hook('preAction', (_program, action) => {
      running = action
      ctx.loadOptions()
    })
  registerCatalogueCommands(program, ctx)
  registerAvailabilityCommands(program, ctx)
  registerAuthCommands(program, ctx)
  registerBookCommand(program, ctx)
  registerBuyCommands(program, ctx)
  registerAppointmentCommands(program, ctx)
  registerCoursesCommand(program, ctx)
  registerWaitlistCommands(program, ctx)
  registerFormCommands(program, ctx)
  registerLeadCommand(program, ctx)
  registerCompletionCommands(program, ctx)
  registerAdminCommands(program, ctx)
  // every subcommand reports usage errors through exitOverride too, and prints to the same streams
  for (const command of allCommands(program)) {
    command.exitOverride().configureOutput(outputTo(io, `clinic ${commandPath(command)}`)).configureHelp(HELP)
    if (command.commands.length === 0) command.addHelpText('after', `\n${EXIT_CODES_HELP}`)
  }
  return { program, ctx, usageOf: () => `(run clinic${running === program ? '' : ` ${commandPath(running)}`} --help for usage)` }
}

/** Help without the empty defaults of repeatable options and flags ('(default: [])', '(default: {})', '(default: false)'). */
const HELP: Partial<Help> = {
  optionDescription(this: Help, option: Option): string {
    return Help.prototype.optionDescription.call(this, option).replace(/ \(default: (\[\]|\{\}|false)\)$/, '')
  },
}

/** Help on stdout; a usage error on stderr as one line, with where to find the usage. */
function outputTo(io: CliIo, path: string) {
  return {
    writeOut: (s: string) => io.stdout.write(s),
    writeErr: (s: string) => io.stderr.write(s),
    outputError: (s: string, write: (s: string) => void) => write(`${s.trim().replace(/\s*\n\s*/g, ' ')} (run ${path} --help for usage)\n`),
  }
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...allCommands(c)])
}

function commandPath(command: Command): string {
  const names: string[] = []
  for (let c: Command | null = command; c && c.parent; c = c.parent) names.unshift(c.name())
  return names.join(' ')
}

/** Runs the CLI once; resolves to the exit code. `factory` lets tests swap the composition root. */
export async function main(argv: readonly string[], io: CliIo = processIo(), factory: ContainerFactory = defaultFactory): Promise<ExitCode> {
  let ctx: CliContext | undefined
  const { program, usageOf } = buildProgram((p) => {
    ctx = new CliContext(io, () => globalOptions(p), factory)
    return ctx
  }, io)
  // Shared adapters report a contract violation with console.error; the CLI keeps stderr to one
  // line per error, so such lines are held back (shown with CLINIC_DEBUG) and their detail joins it.
  const held: string[] = []
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    const line = format(...args)
    if (io.env.CLINIC_DEBUG) io.stderr.write(`${line}\n`)
    else held.push(line)
  }
  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true })
      return EXIT.usage
    }
    await program.parseAsync([...argv], { from: 'user' })
    return EXIT.ok
  } catch (thrown) {
    ctx?.spinner.stop()
    const { code, message: text } = describeThrown(thrown)
    const violation = held.find((line) => line.startsWith(CONTRACT_VIOLATION))
    const message =
      code === EXIT.unreachable && violation
        ? `${text} (${violationDetail(violation.slice(CONTRACT_VIOLATION.length))})`
        : code === EXIT.usage && text
          ? `${text} ${usageOf()}` // commander's own usage errors say it already (and have no text here)
          : text
    if (message) io.stderr.write(`${ctx ? ctx.errStyle.red('error:') : 'error:'} ${message}\n`)
    const options = ctx?.loadedOptions
    if (code === EXIT.refused && options && !options.json && options.tenant === undefined && UNKNOWN_ORGANISATION.test(text)) io.stderr.write(`${TENANT_HINT}\n`)
    return code
  } finally {
    console.error = consoleError
    ctx?.close()
  }
}

/** The server's refusal of a tenant it does not have ('Unknown organisation 'demo'.'). */
const UNKNOWN_ORGANISATION = /^Unknown organisation\b/
/** Under that refusal when no tenant was named: the server's default tenant (demo) may not exist. */
const TENANT_HINT = "Name the clinic's tenant with --tenant <name> (or CLINIC_TENANT)."

const LONGEST_VALUE = 60

/**
 * The adapter's report of a contract violation, kept to a readable line: a web page instead of JSON
 * (a --base-url that is not the API server) is named as such, and long values are cut.
 */
export function violationDetail(detail: string): string {
  if (/value "\s*<(!doctype|html)/i.test(detail)) {
    const call = /^(GET|POST|PUT|DELETE|PATCH) [^:\s]+/.exec(detail)?.[0]
    return `${call ? `${call}: ` : ''}the answer is a web page, not the API's JSON; is --base-url the clinic server?`
  }
  return detail.replace(/value "((?:[^"\\]|\\.)*)"/g, (whole, value: string) =>
    value.length > LONGEST_VALUE ? `value "${value.slice(0, LONGEST_VALUE)}…"` : whole,
  )
}

function globalOptions(program: Command): GlobalOptions {
  const o = program.opts<{ baseUrl: string; tenant?: string; json?: boolean; color?: boolean }>()
  return { baseUrl: checkBaseUrl(o.baseUrl), tenant: o.tenant, json: Boolean(o.json), color: o.color !== false }
}
