import { describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { checkLayers, readSources } from './layer-rules'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('layer rules', () => {
  it('hold for the whole repository', () => {
    const files = readSources(root, ['src', 'cli', 'server'])
    expect(files.length).toBeGreaterThan(0)
    expect(checkLayers(files)).toEqual([])
  })

  it('reject a domain file importing a framework or another layer', () => {
    const violations = checkLayers([
      { path: 'src/domain/pricing/money.ts', text: "import axios from 'axios'\nimport { x } from '../../contract/route'\n" },
    ])
    expect(violations.map((v) => [v.rule, v.line])).toEqual([
      ['domain-is-pure', 1],
      ['domain-is-pure', 2],
    ])
  })

  it('allow the domain its own files and its four libraries', () => {
    const text = [
      "import { pipe } from 'fp-ts/function'",
      "import { formatInTimeZone } from 'date-fns-tz'",
      "import { addDays } from 'date-fns'",
      "import { parsePhoneNumberFromString } from 'libphonenumber-js'",
      "import { round2 } from '../pricing/money'",
    ].join('\n')
    expect(checkLayers([{ path: 'src/domain/booking/basket.ts', text }])).toEqual([])
  })

  it('reject application code importing an adapter or the ui', () => {
    const violations = checkLayers([
      { path: 'src/application/use-cases/book.use-case.ts', text: "import { HttpX } from '../../adapters/http/x.adapter'\n" },
      { path: 'src/application/use-cases/c.use-case.ts', text: "import { Page } from '../../ui/pages/Page'\n" },
    ])
    expect(violations.map((v) => v.rule)).toEqual(['application-has-no-adapters', 'application-has-no-adapters'])
  })

  it('reject a container created outside a composition root', () => {
    const violations = checkLayers([
      { path: 'src/ui/view-models/x.view-model.ts', text: "import { Container } from 'inversify'\nconst c = new Container()\n" },
      { path: 'src/composition/browser.container.ts', text: "import { Container } from 'inversify'\nconst c = new Container()\n" },
    ])
    expect(violations).toEqual([
      { path: 'src/ui/view-models/x.view-model.ts', line: 2, rule: 'one-composition-root', detail: 'only src/composition, cli and server create a container' },
    ])
  })
})
