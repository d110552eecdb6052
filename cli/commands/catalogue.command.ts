/** org, locations, services: what the organisation offers. */
import { Option, type Command } from 'commander'
import { ListCourses } from '../../src/application/use-cases/catalogue.use-case'
import { giftVoucherAmounts } from '../../src/domain/constants/vouchers'
import { durationLabel, servicePriceLabel } from '../../src/domain/booking/summary'
import { formatMoney } from '../../src/domain/pricing/money'
import { lateCancellationPeriodHours, lateCancellationTypeText, lateCancellationValueText } from '../../src/domain/policy/cancellation'
import type { CliContext } from '../context'
import { formatPairs, formatTable } from '../output/table'
import { catalogue, locations, pick, resolveLocation, serviceName } from './resolve'
import type { Service } from '../../src/contract/services.routes'

export const addressOf = (a: { line1?: string; line2?: string; city?: string }) => [a.line1, a.line2, a.city].filter((p) => p && p.trim() !== '').join(', ')

export function servicePrice(service: Service, currency: Parameters<typeof formatMoney>[1]): string {
  if (service.showPriceOnline === false) return ''
  if (service.metadata) return servicePriceLabel(service.metadata, currency)
  const price = service.defaultGrossPrice ?? service.defaultPrice
  return price === undefined ? '' : formatMoney(price, currency)
}

export function serviceDuration(service: Service): string {
  if (service.showDurationOnline === false) return ''
  const m = service.metadata
  if (m?.lowestDuration !== undefined && m.highestDuration !== undefined) return durationLabel([m.lowestDuration, m.highestDuration])
  return service.defaultDuration === undefined ? '' : durationLabel([service.defaultDuration])
}

export function registerCatalogueCommands(program: Command, ctx: CliContext): void {
  program
    .command('org')
    .description("the organisation's public settings (name, currency, deposit and cancellation rules)")
    .action(async () => {
      const org = await ctx.org()
      const money = (n: number) => formatMoney(n, org.currency)
      const deposit =
        org.bookingDepositType === 'percentage' ? `${org.bookingDepositAmount}%` : org.bookingDepositType === 'no deposit' ? 'none' : money(org.bookingDepositAmount)
      ctx.print(org, () =>
        formatPairs([
          ['Name', org.name],
          ['ID', org.id],
          ['Currency', org.currency],
          ['Country', org.country],
          ['Deposit', `${deposit} (${org.bookingDepositType}, ${org.bookingDepositRule}, several services: ${org.bookingDepositMultipleServicesRule})`],
          ['Cancellation', org.cancellationRules],
          ['Late period', `${lateCancellationPeriodHours(org)} hours`],
          ['Late charge', `${lateCancellationValueText({ ...org, currency: org.currency })} (${lateCancellationTypeText(org)})`],
          ['Gift vouchers', org.sellGiftVoucherOnline ? giftVoucherAmounts(org.giftVoucherValues).map(money).join(', ') : 'not sold online'],
          ['Minimise gaps', org.minimiseGaps ? 'yes' : 'no'],
        ]),
      )
    })

  program
    .command('locations')
    .description('the locations (clinics) shown online')
    .action(async () => {
      const clinics = await locations(ctx)
      ctx.print(clinics, () =>
        formatTable(
          clinics,
          [
            { header: 'ID', value: (c) => c.id },
            { header: 'Location', value: (c) => c.accountName },
            { header: 'Address', value: (c) => addressOf(c.address) },
          ],
          { empty: 'No content to show.', header: ctx.style.bold },
        ),
      )
    })

  program
    .command('services')
    .description('categories and services of a location (or its courses, or the gift voucher amounts)')
    .option('--location <id|name>', 'location (optional when there is only one)')
    .option('--category <id|name>', 'only this category')
    .option('--courses', 'list the courses for sale instead')
    .addOption(new Option('--vouchers', 'list the gift voucher amounts instead').conflicts(['courses', 'category']))
    .action(async (opts: { location?: string; category?: string; courses?: boolean; vouchers?: boolean }) => {
      const currency = await ctx.currency()
      const money = (n: number | undefined) => (n === undefined ? '' : formatMoney(n, currency))
      if (opts.vouchers) {
        const org = await ctx.org()
        const amounts = org.sellGiftVoucherOnline ? [...giftVoucherAmounts(org.giftVoucherValues)] : []
        ctx.print({ sellGiftVoucherOnline: org.sellGiftVoucherOnline, amounts }, () =>
          org.sellGiftVoucherOnline
            ? formatTable(amounts, [{ header: 'Gift voucher', value: (a) => money(a), align: 'right' }], { header: ctx.style.bold })
            : 'Gift vouchers are not sold online.',
        )
        return
      }
      const clinic = await resolveLocation(ctx, opts.location)
      if (opts.courses) {
        const all = await ctx.call('Loading courses', () => ctx.useCase(ListCourses).execute(clinic.id))
        const groups =
          opts.category === undefined
            ? all
            : [await pick(ctx, { option: '--category', noun: 'category' }, all, opts.category, (g) => g.category.id, (g) => g.category.name)]
        const rows = groups.flatMap((g) => g.courses.map((course) => ({ category: g.category.name, course })))
        ctx.print(groups, () =>
          formatTable(
            rows,
            [
              { header: 'Category', value: (r) => r.category },
              { header: 'Course', value: (r) => serviceName(r.course) },
              { header: 'ID', value: (r) => r.course.id },
              { header: 'Sessions', value: (r) => r.course.courseServices.map((s) => `${s.quantity} x ${s.onlineName || s.name || s.service}`).join(', ') },
              { header: 'Price', value: (r) => money(r.course.salePrice), align: 'right' },
            ],
            { empty: 'No content to show.', header: ctx.style.bold },
          ),
        )
        return
      }
      const { categories, entries } = await catalogue(ctx, clinic.id, opts.category)
      ctx.print({ location: clinic, categories, services: entries.map((e) => ({ ...e.service, category: e.category.id })) }, () =>
        formatTable(
          entries,
          [
            { header: 'Category', value: (e) => e.category.name },
            { header: 'Service', value: (e) => serviceName(e.service) },
            { header: 'ID', value: (e) => e.service.id },
            { header: 'Duration', value: (e) => serviceDuration(e.service) },
            { header: 'Price', value: (e) => servicePrice(e.service, currency), align: 'right' },
          ],
          { empty: 'No content to show.', header: ctx.style.bold },
        ),
      )
    })
}
