/**
 * completion: shell completion for bash, zsh and fish (and PowerShell), as gh and stripe offer.
 * `clinic completion bash` prints a script (@bomb.sh/tab, the cobra scripts) that asks the CLI
 * itself, through the hidden `clinic complete -- <words>`, for the commands and options that fit;
 * both read this program's commander tree, so completion never lags behind the commands.
 */
import { Argument, type Command } from 'commander'
import { RootCommand, type Command as TabCommand } from '@bomb.sh/tab'
import type { CliContext } from '../context'

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const

/** The completion tree of the program: every visible command with its options and arguments. */
export function completionTree(program: Command): RootCommand {
  const root = new RootCommand()
  const walk = (command: Command, path: string, target: TabCommand) => {
    for (const option of command.createHelp().visibleOptions(command)) {
      const long = option.long?.slice(2)
      if (!long) continue
      const short = option.short?.slice(1)
      const takesValue = option.required || option.optional
      const choices = option.argChoices ?? []
      if (takesValue) target.option(long, option.description, (complete) => choices.forEach((c) => complete(c, '')), short)
      else target.option(long, option.description, short)
    }
    for (const argument of command.registeredArguments) {
      const choices = argument.argChoices ?? []
      target.argument(argument.name(), choices.length ? (complete) => choices.forEach((c) => complete(c, '')) : undefined, argument.variadic)
    }
    for (const sub of command.createHelp().visibleCommands(command)) {
      if (sub.name() === 'help') continue
      const subPath = path ? `${path} ${sub.name()}` : sub.name()
      walk(sub, subPath, root.command(subPath, sub.description()))
    }
  }
  walk(program, '', root)
  return root
}

/** Runs `work` with console.log writing to the CLI's stdout (the library prints with console.log). */
function toStdout(ctx: CliContext, work: () => void): void {
  const log = console.log
  console.log = (...parts: unknown[]) => void ctx.io.stdout.write(`${parts.join(' ')}\n`)
  try {
    work()
  } finally {
    console.log = log
  }
}

/**
 * The bash script reads the command line with bash-completion's _get_comp_words_by_ref; where that
 * package is not loaded, the words as bash split them do (so completion goes past the first word).
 */
const BASH_WORDS_FALLBACK = `if ! declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
    _get_comp_words_by_ref() {
        cur=\${COMP_WORDS[COMP_CWORD]}
        prev=\${COMP_WORDS[COMP_CWORD-1]}
        words=("\${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    }
fi
`

export function registerCompletionCommands(program: Command, ctx: CliContext): void {
  program
    .command('completion')
    .description('print the shell completion script (bash, zsh, fish or powershell)')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      `
Set up:
  bash   echo 'source <(clinic completion bash)' >> ~/.bashrc
  zsh    echo 'source <(clinic completion zsh)' >> ~/.zshrc
  fish   clinic completion fish > ~/.config/fish/completions/clinic.fish`,
    )
    .action((shell: (typeof SHELLS)[number]) =>
      toStdout(ctx, () => {
        if (shell === 'bash') ctx.io.stdout.write(`${BASH_WORDS_FALLBACK}\n`)
        completionTree(program).setup('clinic', 'clinic', shell)
      }),
    )

  program
    .command('complete', { hidden: true })
    .description('the completions of a partly typed command line (called by the completion scripts)')
    .argument('[words...]')
    .allowUnknownOption()
    .helpOption(false)
    .action((words: string[]) => toStdout(ctx, () => completionTree(program).parse(words)))
}
