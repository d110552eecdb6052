import { describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { CAST_ALLOWED, checkFileSizes, checkLayers, MAX_LINES, OVERSIZE_ALLOWED, readSources, UNTYPED_INJECT_ALLOWED } from './layer-rules'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('layer rules', () => {
  it('hold for the whole repository', () => {
    const files = readSources(root, ['src', 'cli', 'server'])
    expect(files.length).toBeGreaterThan(0)
    expect(checkLayers(files)).toEqual([])
    expect(checkFileSizes(files)).toEqual([])
  })

  it('every allowed oversize file still exists and is still oversize (else it leaves the list)', () => {
    const files = readSources(root, ['src', 'cli', 'server'])
    for (const path of OVERSIZE_ALLOWED) {
      const file = files.find((f) => f.path === path)
      expect(file, path).toBeDefined()
      expect(file!.text.split('\n').length, path).toBeGreaterThan(MAX_LINES)
    }
  })

  it('every file allowed the untyped inject still imports it (else it leaves the list)', () => {
    const files = readSources(root, ['src'])
    for (const path of UNTYPED_INJECT_ALLOWED) {
      const file = files.find((f) => f.path === path)
      expect(file, path).toBeDefined()
      expect(file!.text, path).toMatch(/import \{[^}]*\binject\b[^}]*\} from 'inversify'/)
    }
  })

  it("refuse inversify's untyped inject outside the typed wrapper", () => {
    const violations = checkLayers([
      { path: 'src/adapters/http/x.adapter.ts', text: "import { inject, injectable } from 'inversify'\n" },
      { path: 'src/ui/view-models/y.view-model.ts', text: "import { injectable } from 'inversify'\nimport { inject } from '../../application/inject'\n" },
      { path: 'src/application/inject.ts', text: "import { inject as inversifyInject } from 'inversify'\n" },
    ])
    expect(violations.map((v) => [v.path, v.rule, v.line])).toEqual([['src/adapters/http/x.adapter.ts', 'typed-inject', 1]])
  })

  it('every server file allowed a cast through unknown still has one (else it leaves the list)', () => {
    const files = readSources(root, ['server'])
    for (const path of CAST_ALLOWED) {
      const file = files.find((f) => f.path === path)
      expect(file, path).toBeDefined()
      expect(file!.text, path).toContain('as unknown as')
    }
  })

  it('keep src/ui free of the composition: no import of it, no container module, no container lookup', () => {
    const violations = checkLayers([
      { path: 'src/ui/pages/X.tsx', text: "import { firstViewModule } from '../../composition/first-view.module'\n" },
      { path: 'src/ui/view-models/y.view-model.ts', text: "import { ContainerModule } from 'inversify'\nexport const m = new ContainerModule(() => {})\n" },
      { path: 'src/ui/use-z.tsx', text: 'const vm = container.get(Z)\n' },
      { path: 'src/composition/browser.container.ts', text: 'const vm = container.get(Z)\n' },
      { path: 'src/main.tsx', text: 'const session = container.get(SessionViewModel)\n' },
    ])
    expect(violations.map((v) => [v.path, v.rule, v.line])).toEqual([
      ['src/ui/pages/X.tsx', 'ui-has-no-composition', 1],
      ['src/ui/view-models/y.view-model.ts', 'ui-has-no-container-module', 2],
      ['src/ui/use-z.tsx', 'lookup-in-roots', 1],
    ])
  })

  it('reject a cast through unknown in the composition roots and the server, tests and allowed files aside', () => {
    const text = 'const x = y as unknown as Port\n'
    const files = [
      { path: 'src/composition/a.ts', text },
      { path: 'src/adapters/b.ts', text },
      { path: 'server/commerce/new.service.ts', text },
      { path: 'server/commerce/new.service.test.ts', text },
      { path: 'server/commerce/testing/helper.ts', text },
    ]
    expect(checkLayers(files).map((v) => [v.path, v.rule])).toEqual([
      ['src/composition/a.ts', 'no-cast-in-composition'],
      ['server/commerce/new.service.ts', 'no-cast-in-composition'],
    ])
  })

  it('reject a source file over the line limit, tests and other folders aside', () => {
    const long = 'x\n'.repeat(MAX_LINES + 1)
    const exact = 'x\n'.repeat(MAX_LINES)
    const violations = checkFileSizes([
      { path: 'src/ui/view-models/big.view-model.ts', text: long },
      { path: 'cli/commands/big.command.ts', text: long },
      { path: 'src/domain/ok.ts', text: exact },
      { path: 'src/ui/view-models/big.view-model.test.ts', text: long },
      { path: 'src/ui/view-models/booking.test-support.ts', text: long },
      { path: 'server/big.ts', text: long },
      { path: 'server/seed/demo.seed.ts', text: long },
      { path: 'server/test-support/test-database.ts', text: long },
      { path: 'test/big.ts', text: long },
    ])
    expect(violations.map((v) => [v.path, v.rule])).toEqual([
      ['src/ui/view-models/big.view-model.ts', 'file-size'],
      ['cli/commands/big.command.ts', 'file-size'],
      ['server/big.ts', 'file-size'],
    ])
  })

  it('reject a server service choosing an HTTP status; route adapters and server/http may', () => {
    const files = [
      { path: 'server/services/x.service.ts', text: "import { conflict } from '../http/results'\n" },
      { path: 'server/commerce/y.service.ts', text: "import { answer } from '../http/service-failure'\n" },
      { path: 'server/routes/x.routes.ts', text: "import { ok } from '../http/results'\nimport { answer } from '../http/service-failure'\n" },
      { path: 'server/staff/staff.guard.ts', text: "import { forbidden } from '../http/results'\n" },
      { path: 'server/http/service-failure.ts', text: "import { ok } from './results'\n" },
    ]
    expect(checkLayers(files).map((v) => [v.path, v.rule])).toEqual([
      ['server/services/x.service.ts', 'statuses-at-the-edge'],
      ['server/commerce/y.service.ts', 'statuses-at-the-edge'],
    ])
  })

  it('reject a second schema language beside io-ts, anywhere', () => {
    const violations = checkLayers([
      { path: 'server/config.ts', text: "import * as t from 'io-ts'\nimport { z } from 'zod'\n" },
      { path: 'src/contract/x.routes.ts', text: "import * as v from 'valibot'\n" },
      { path: 'cli/commands/x.command.ts', text: "import { Type } from '@sinclair/typebox'\n" },
    ])
    expect(violations.map((v) => [v.path, v.rule, v.line])).toEqual([
      ['server/config.ts', 'one-schema-language', 2],
      ['src/contract/x.routes.ts', 'one-schema-language', 1],
      ['cli/commands/x.command.ts', 'one-schema-language', 1],
    ])
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
