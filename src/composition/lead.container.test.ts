// The /lead page's own composition root, in the ui vitest project (jsdom): only the lead form's bindings, the lead call on fetch without a token, the host messages.
import { describe, expect, it, vi } from 'vitest'
import { Container } from 'inversify'
import { leadModule, type LeadWindow } from './lead.container'
import { LeadViewModel } from '../ui/view-models/lead.view-model'
import { ToastViewModel } from '../ui/view-models/toast.view-model'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { PORTS } from '../application/tokens'
import { Login } from '../application/use-cases/auth.use-case'

const LEAD = { id: 'c'.repeat(24), status: 'Open', firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' }

function setup(answer: { status: number; body: unknown }, embedded = true) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  })
  const posted: unknown[] = []
  const assigned: string[] = []
  const parent = { postMessage: (message: unknown) => posted.push(message) }
  const win: LeadWindow & LeadWindow['parent'] = {
    location: { host: 'localhost:3000', assign: (url: string | URL) => void assigned.push(String(url)) },
    parent,
    postMessage: () => undefined,
  }
  if (!embedded) win.parent = win
  const container = new Container()
  container.load(leadModule({ http: { baseUrl: '/api' }, window: win, fetcher }))
  return { container, calls, posted, assigned }
}

const fill = (vm: LeadViewModel) => {
  vm.setField('firstName', 'Ada')
  vm.setField('surname', 'Lovelace')
  vm.setField('email', 'ada@example.com')
  vm.setField('mobilePhone', '07700 900123')
}

describe('lead composition', () => {
  it("binds the lead form alone: none of the app's session, use cases or ports but the lead call's and the clock", () => {
    const { container } = setup({ status: 200, body: LEAD })
    expect(container.get(LeadViewModel)).toBeInstanceOf(LeadViewModel)
    expect(container.isBound(SessionViewModel)).toBe(false)
    expect(Object.entries(PORTS).filter(([, token]) => container.isBound(token)).map(([name]) => name)).toEqual(['HttpClient', 'LeadsApi', 'Clock'])
    expect(container.isBound(Login)).toBe(false)
  })

  it('sends the lead to POST /api/customers-lead?from=customer without a token, then asks the parent to redirect', async () => {
    window.localStorage.setItem('token', 'a-signed-in-customer')
    const { container, calls, posted } = setup({ status: 200, body: LEAD })
    const vm = container.get(LeadViewModel)
    vm.configure('?fields=firstName,surname,email,mobilePhone&redirectUrl=https%3A%2F%2Fclinic.example%2Fthanks')
    fill(vm)
    await vm.submit()
    expect(vm.status).toBe('done')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/api/customers-lead?from=customer')
    expect(calls[0]!.init.method).toBe('POST')
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined()
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com', mobilePhone: '+447700900123' })
    expect(posted).toContain('redirect:https://clinic.example/thanks')
    vm.reportHeight(420.2)
    expect(posted).toContainEqual({ type: 'resize', height: 421 })
    window.localStorage.removeItem('token')
  })

  it('outside an iframe the redirect URL is opened by the page itself', async () => {
    const { container, assigned } = setup({ status: 200, body: LEAD }, false)
    const vm = container.get(LeadViewModel)
    vm.configure('?redirectUrl=https%3A%2F%2Fclinic.example%2Fthanks')
    fill(vm)
    await vm.submit()
    expect(assigned).toEqual(['https://clinic.example/thanks'])
  })

  it("a refused lead shows the spec's failure toast", async () => {
    const { container } = setup({ status: 400, body: { statusCode: 400, message: 'bad' } })
    const vm = container.get(LeadViewModel)
    vm.configure('')
    fill(vm)
    await vm.submit()
    expect(vm.status).toBe('editing')
    expect(container.get(ToastViewModel).toasts.map((t) => t.text)).toEqual(["Sorry, your lead couldn't be created."])
  })
})
