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

describe('Prompter with answers piped in (not a terminal)', () => {
  it('ends each question line, so the next question or list starts on its own line', async () => {
    const stdin = new PassThrough()
    const stderr = new Capture(false)
    const prompter = new Prompter({ stdin, stderr })
    stdin.write('2\nn\n')
    await expect(prompter.choose('Choose the day', [{ label: 'Mon', value: 1 }, { label: 'Tue', value: 2 }])).resolves.toBe(2)
    await expect(prompter.confirm('Add another?')).resolves.toBe(false)
    expect(stderr.text).toBe('  1) Mon\n  2) Tue\nChoose the day: \nAdd another? (y/N): \n')
    prompter.close()
  })
})
