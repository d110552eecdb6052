/**
 * What a purchase notice says (course bought): no appointments and no calendar file, the items
 * bought and where to use them. Pure, like messages.ts.
 */
import type { MessageContext, RenderedMessage } from './messages'
import type { NoticePurchase, PurchaseNoticeKind } from './notices.repository'


export function renderPurchase(kind: PurchaseNoticeKind, purchase: NoticePurchase, ctx: MessageContext): RenderedMessage {
  const org = ctx.organisation.name
  const names = purchase.items.map((item) => item.name)
  switch (kind) {
    case 'course-bought':
      return {
        subject: `Course bought: ${names.join(', ')}`,
        paragraphs: [
          `Hi ${ctx.customer.firstName},`,
          `Thank you for buying from ${org}. Your course is ready to use:`,
          'Book its sessions online from your account: they are paid for by the course.',
        ],
        details: names,
        action: { label: 'Book a session', url: ctx.manageUrl },
        sms: `${org}: course bought (${names.join(', ')}). Book its sessions online.`,
      }
  }
}
