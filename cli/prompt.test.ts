import { PassThrough } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { Prompter } from './prompt'
import { Capture } from './testing/run-cli'

const terminal = () => Object.assign(new PassThrough(), { isTTY: true })

describe('Prompter', () => {
  it('reads answers typed one after another', async () => {
    const stdin = terminal()
    const prompter = new Prompter({ stdin, stderr: new Capture(true) })
    const first = prompter.ask('Email')
    stdin.write('demo@example.com\r')
    await expect(first).resolves.toBe('demo@example.com')
    prompter.close()
  })

  it('Ctrl-C at a terminal interrupts (readline would only pause), also after the last question', async () => {
    const stdin = terminal()
    const stderr = new Capture(true)
    const onInterrupt = vi.fn()
    const prompter = new Prompter({ stdin, stderr }, onInterrupt)
    const answer = prompter.confirm('Book it?')
    stdin.write('y\r')
    await expect(answer).resolves.toBe(true)
    expect(onInterrupt).not.toHaveBeenCalled()
    stdin.write('\u0003') // Ctrl-C while the CLI waits for the payment
    await vi.waitFor(() => expect(onInterrupt).toHaveBeenCalledTimes(1))
    prompter.close()
  })
})
