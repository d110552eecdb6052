/**
 * `clinic admin api-key create|list|revoke` and `clinic admin webhook add|list|remove|enable|disable|deliveries|replay|test`
 * (issue 30, docs/integrations.md): an admin's API keys and webhook endpoints. A key and a webhook
 * secret are printed once, when made.
 */
import type { Command } from 'commander'
import { InvalidArgumentError } from 'commander'
import {
  AddWebhook,
  CreateApiKey,
  DisableWebhook,
  EnableWebhook,
  ListApiKeys,
  ListWebhookDeliveries,
  ListWebhooks,
  RemoveWebhook,
  ReplayWebhookDelivery,
  RevokeApiKey,
  SendWebhookTest,
} from '../../src/application/use-cases/integrations.use-case'
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookEventType } from '../../src/contract/integrations.routes'
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/contract/route'
import type { CliContext } from '../context'
import { outcomePrinted } from '../exit-codes'
import { formatTable } from '../output/table'
import { parseObjectId } from './args'

function listOf<T extends string>(known: readonly T[], what: string) {
  return (value: string): T[] => {
    const items = value.split(',').map((s) => s.trim()).filter(Boolean)
    const unknown = items.filter((s) => !(known as readonly string[]).includes(s))
    if (items.length === 0 || unknown.length > 0) throw new InvalidArgumentError(`expected ${what} from ${known.join(', ')}; got '${value}'.`)
    return items as T[]
  }
}

export function registerIntegrationCommands(admin: Command, ctx: CliContext, call: CliContext['call']): void {
  const when = (iso: string | undefined) => (iso ? ctx.dateTime(iso) : '')

  const apiKey = admin.command('api-key').description("the tenant's API keys for integrators (admins; docs/integrations.md)")
  apiKey
    .command('create')
    .description('make a key with scopes; the key is printed this once (it is stored hashed)')
    .requiredOption('--scope <scopes>', `comma-separated: ${API_KEY_SCOPES.join(', ')}`, listOf<ApiKeyScope>(API_KEY_SCOPES, 'scopes'))
    .option('--name <name>', 'what the key is for', 'API key')
    .action(async (opts: { scope: ApiKeyScope[]; name: string }) => {
      const key = await call('Creating the API key', () => ctx.useCase(CreateApiKey).execute({ name: opts.name, scopes: opts.scope }))
      ctx.print(key, () => `${key.key}\n\nKeep this key now: it is not shown again. Send it as the X-Api-Key header. Id ${key.id}, scopes ${key.scopes.join(', ')}.`)
    })
  apiKey
    .command('list')
    .description('every key: prefix, scopes, created, last used, revoked')
    .action(async () => {
      const keys = await call('Loading the API keys', () => ctx.useCase(ListApiKeys).execute())
      ctx.print(keys, () =>
        formatTable(keys, [
          { header: 'Prefix', value: (k) => `${k.prefix}…` },
          { header: 'Name', value: (k) => k.name },
          { header: 'Scopes', value: (k) => k.scopes.join(',') },
          { header: 'Created', value: (k) => when(k.createdAt) },
          { header: 'Last used', value: (k) => when(k.lastUsedAt) },
          { header: 'Revoked', value: (k) => when(k.revokedAt) },
          { header: 'ID', value: (k) => k.id },
        ], { empty: 'No API keys.' }),
      )
    })
  apiKey
    .command('revoke')
    .argument('<id>', 'the key id (api-key list shows it)', parseObjectId)
    .description('the key stops working at once')
    .action(async (id: string) => {
      const key = await call('Revoking the API key', () => ctx.useCase(RevokeApiKey).execute(id))
      ctx.print(key, () => `Revoked ${key.prefix}… (${key.name}).`)
    })

  const webhook = admin.command('webhook').description("the tenant's outbound webhooks: signed POSTs of events to a URL (admins)")
  webhook
    .command('add')
    .argument('<url>', 'https:// address to POST the events to')
    .requiredOption('--events <events>', `comma-separated: ${WEBHOOK_EVENTS.join(', ')}`, listOf<WebhookEventType>(WEBHOOK_EVENTS, 'events'))
    .description('subscribe a URL to events; the signing secret is printed this once')
    .action(async (url: string, opts: { events: WebhookEventType[] }) => {
      const endpoint = await call('Adding the webhook', () => ctx.useCase(AddWebhook).execute({ url, events: opts.events }))
      ctx.print(endpoint, () => `${endpoint.secret}\n\nKeep this signing secret now: it is not shown again. Endpoint ${endpoint.id}: ${endpoint.events.join(', ')}.`)
    })
  webhook
    .command('list')
    .description('every endpoint: URL, events, failures, disabled')
    .action(async () => {
      const endpoints = await call('Loading the webhooks', () => ctx.useCase(ListWebhooks).execute())
      ctx.print(endpoints, () =>
        formatTable(endpoints, [
          { header: 'URL', value: (w) => w.url },
          { header: 'Events', value: (w) => w.events.join(',') },
          { header: 'Failures', value: (w) => String(w.consecutiveFailures), align: 'right' },
          { header: 'Disabled', value: (w) => (w.disabledAt ? `${when(w.disabledAt)} ${w.disabledReason ?? ''}`.trim() : '') },
          { header: 'ID', value: (w) => w.id },
        ], { empty: 'No webhooks.' }),
      )
    })
  webhook
    .command('remove')
    .argument('<id>', 'the endpoint id', parseObjectId)
    .description('delete the endpoint and its delivery log')
    .action(async (id: string) => {
      const done = await call('Removing the webhook', () => ctx.useCase(RemoveWebhook).execute(id))
      ctx.print(done, () => done.message ?? 'Removed.')
    })
  webhook
    .command('enable')
    .argument('<id>', 'the endpoint id', parseObjectId)
    .description('send events again to an endpoint disabled after repeated failures')
    .action(async (id: string) => {
      const endpoint = await call('Enabling the webhook', () => ctx.useCase(EnableWebhook).execute(id))
      ctx.print(endpoint, () => `Enabled ${endpoint.url}.`)
    })
  webhook
    .command('disable')
    .argument('<id>', 'the endpoint id', parseObjectId)
    .description('send nothing more to the endpoint until it is enabled (its delivery log stays)')
    .action(async (id: string) => {
      const endpoint = await call('Disabling the webhook', () => ctx.useCase(DisableWebhook).execute(id))
      ctx.print(endpoint, () => `Disabled ${endpoint.url}.`)
    })
  webhook
    .command('deliveries')
    .argument('<id>', 'the endpoint id', parseObjectId)
    .description('the latest deliveries: state, tries, last HTTP status')
    .action(async (id: string) => {
      const rows = await call('Loading the deliveries', () => ctx.useCase(ListWebhookDeliveries).execute(id))
      ctx.print(rows, () =>
        formatTable(rows, [
          { header: 'Event', value: (d) => d.event },
          { header: 'State', value: (d) => d.state },
          { header: 'Tries', value: (d) => String(d.attempts), align: 'right' },
          { header: 'Status', value: (d) => (d.lastStatus === undefined ? '' : String(d.lastStatus)), align: 'right' },
          { header: 'Created', value: (d) => when(d.createdAt) },
          { header: 'Next try / error', value: (d) => (d.state === 'pending' && d.nextAttemptAt ? when(d.nextAttemptAt) : (d.lastError ?? '')) },
          { header: 'ID', value: (d) => d.id },
        ], { empty: 'No deliveries.' }),
      )
    })
  webhook
    .command('replay')
    .argument('<delivery-id>', 'the delivery id (webhook deliveries shows it)', parseObjectId)
    .description('deliver the same event again')
    .action(async (id: string) => {
      const delivery = await call('Replaying the delivery', () => ctx.useCase(ReplayWebhookDelivery).execute(id))
      ctx.print(delivery, () => `Queued again as delivery ${delivery.id} (${delivery.event}).`)
    })
  webhook
    .command('test')
    .argument('<id>', 'the endpoint id (webhook list shows it)', parseObjectId)
    .description(`send a ${WEBHOOK_TEST_EVENT} event to the endpoint (tried once) and print its outcome`)
    .action(async (id: string) => {
      const delivery = await call('Sending the test event', () => ctx.useCase(SendWebhookTest).execute(id))
      ctx.print(delivery, () => testOutcome(delivery))
      // Only a delivered test passed: a failed one (or one not tried yet) ends with exit 1, its outcome printed above.
      if (delivery.state !== 'delivered') throw outcomePrinted()
    })
}

/** One line: what became of the test event's delivery. */
export function testOutcome(d: WebhookDelivery): string {
  const status = d.lastStatus === undefined ? '' : `HTTP ${d.lastStatus}`
  if (d.state === 'delivered') return `Test event delivered (${status}) as delivery ${d.id}.`
  if (d.state === 'failed') return `Test event not delivered (${[status, d.lastError === status ? '' : d.lastError].filter(Boolean).join(': ') || 'no answer'}) as delivery ${d.id}.`
  return `Test event queued as delivery ${d.id}: not tried yet; clinic admin webhook deliveries ${d.endpointId} shows its outcome.`
}
