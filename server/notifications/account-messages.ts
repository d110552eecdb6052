/**
 * Account mails (email verification, password reset) and the commerce side's plain-text mails in
 * the same branded layout as every other notice: the organisation's name, logo and accent colour,
 * an HTML and a plain-text part.
 */
import type { DbOrTrx } from '../db/schema'
import { brandingOf, htmlOf } from './mail-layout'
import { textOf, type RenderedMessage } from './messages'

/** Subject, text and HTML of a message in the tenant's branding (read with the caller's handle: inside its transaction). */
export async function brandedMail(db: DbOrTrx, tenant: string, message: RenderedMessage): Promise<{ subject: string; text: string; html: string }> {
  const organisation = await db.selectFrom('organisations').select(['name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirst()
  const brand = organisation ? brandingOf(organisation) : { name: 'Online booking' }
  return { subject: message.subject, text: textOf(message, brand.name), html: await htmlOf(message, brand) }
}

/**
 * The HTML part for a mail written as plain text (the commerce side's refund notices): its
 * paragraphs (split at blank lines) in the branded layout; the text stays the plain-text part.
 */
export async function brandedHtmlOfText(db: DbOrTrx, tenant: string, subject: string, text: string): Promise<string> {
  const organisation = await db.selectFrom('organisations').select(['name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirst()
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
  return htmlOf({ subject, paragraphs, details: [], sms: '' }, organisation ? brandingOf(organisation) : { name: 'Online booking' })
}

const accountMessage = (subject: string, paragraphs: string[], action: RenderedMessage['action']): RenderedMessage => ({ subject, paragraphs, details: [], action, sms: '' })

export function verificationMessage(firstName: string, link: string, validHours: number): RenderedMessage {
  return accountMessage(
    'Please verify your email',
    [`Hello ${firstName},`, 'Please verify your email to finish creating your account.', `The link is valid for ${validHours} hours.`],
    { label: 'Verify my email', url: link },
  )
}

/** A new staff login's invitation: the set-password link an admin also sees (or the CLI prints). */
export function staffInviteMessage(name: string, link: string, validDays: number): RenderedMessage {
  return accountMessage(
    'Your staff login',
    [`Hello ${name},`, 'A staff login has been made for you. To sign in, first choose your password with the link below.', `The link is valid for ${validDays} days and can be used once.`],
    { label: 'Choose your password', url: link },
  )
}

export function passwordResetMessage(firstName: string, link: string, validMinutes: number): RenderedMessage {
  return accountMessage(
    'Reset your password',
    [`Hello ${firstName},`, 'To choose a new password, open the link below.', `The link is valid for ${validMinutes} minutes and can be used once. If you did not ask for it, ignore this email.`],
    { label: 'Choose a new password', url: link },
  )
}
