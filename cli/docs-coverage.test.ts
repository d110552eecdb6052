// docs/cli.md is where a clinic owner looks a command up: every command the CLI has must be there.
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { buildProgram } from './main'
import type { CliContext } from './context'
import { Capture } from './testing/run-cli'

/** The command paths of the leaves ('admin block add'), as a user types them. */
function leafPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((c) => (c.commands.length === 0 ? [[...prefix, c.name()]] : leafPaths(c, [...prefix, c.name()])))
}

/** The inline code spans of the docs' command table and text ('`admin staff list`'). */
const spans = [...readFileSync(new URL('../docs/cli.md', import.meta.url), 'utf8').matchAll(/`([^`\n]+)`/g)].map((m) => m[1].replace(/\\\|/g, '|'))

/** Named when a span starts with the parent's words and has the leaf as a word of its own ('`admin feed status|create|revoke`'). */
function documented(path: string[]): boolean {
  const parent = path.slice(0, -1).join(' ')
  const leaf = path[path.length - 1]
  const word = new RegExp(`(^|[ |])${leaf.replace(/[-]/g, '\\-')}($|[ |])`)
  return spans.some((s) => (parent === '' ? word.test(s.split(' ')[0]) : s.startsWith(`${parent} `) && word.test(s.slice(parent.length))))
}

describe('docs/cli.md', () => {
  it('names every command of the CLI', () => {
    const io = { stdout: new Capture(), stderr: new Capture(), stdin: process.stdin, env: {} }
    const { program } = buildProgram(() => ({ loadOptions: () => undefined }) as unknown as CliContext, io as never)
    const paths = leafPaths(program).filter((p) => p[p.length - 1] !== 'help')
    expect(paths.length).toBeGreaterThan(50)
    expect(paths.filter((p) => !documented(p)).map((p) => p.join(' '))).toEqual([])
  })
})
