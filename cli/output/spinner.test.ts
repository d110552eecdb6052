import { describe, expect, it } from 'vitest'
import { Spinner } from './spinner'
import { colorWanted, createStyle } from './style'

const stream = (isTTY: boolean) => ({ isTTY, text: '', write(chunk: string) { this.text += chunk } })

describe('Spinner', () => {
  it('draws nothing when the stream is not a terminal', async () => {
    const s = stream(false)
    await expect(new Spinner(s).run('Loading', async () => 42)).resolves.toBe(42)
    expect(s.text).toBe('')
  })

  it('draws a frame with the text on a terminal and clears its line when the work settles', async () => {
    const s = stream(true)
    const spinner = new Spinner(s)
    await expect(spinner.run('Loading', async () => { throw new Error('boom') })).rejects.toThrow('boom')
    expect(s.text).toMatch(/^\r\u001b\[2K. Loading/)
    expect(s.text.endsWith('\r\u001b[2K')).toBe(true)
    expect(spinner.active).toBe(false)
  })
})

describe('colours', () => {
  it('only on a terminal, when allowed and NO_COLOR is unset', () => {
    expect(colorWanted(true, true, {})).toBe(true)
    expect(colorWanted(false, true, {})).toBe(false)
    expect(colorWanted(true, false, {})).toBe(false)
    expect(colorWanted(true, true, { NO_COLOR: '1' })).toBe(false)
    expect(colorWanted(true, true, { NO_COLOR: '' })).toBe(true)
  })

  it('wraps text in ANSI codes only when enabled', () => {
    expect(createStyle(true).red('x')).toBe('\u001b[31mx\u001b[39m')
    expect(createStyle(false).red('x')).toBe('x')
  })
})
