/**
 * The HTML part of a notice, rendered with MJML: responsive (one column, readable on a phone), the
 * organisation's logo and accent colour, no remote resources but the logo, no tracking pixels.
 * Every value is escaped: names and addresses come from people; a text's line breaks show as <br />.
 */
import type { RenderedMessage } from './messages'

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** Text from people (a gift voucher's message) escaped, its line breaks kept as <br /> (escaping first). */
const textBlock = (value: string) => escape(value).replace(/\r\n|\r|\n/g, '<br />')

const DEFAULT_ACCENT = '#2f5d62'
const COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i

export interface Branding {
  name: string
  /** an https (or data:) image address */
  logo?: string
  accentColour?: string
}

/** The organisation's branding from its row (name, settings.logo, settings.accentColour). */
export function brandingOf(organisation: { name: string; settings: { logo?: string | null; accentColour?: string | null } }): Branding {
  return {
    name: organisation.name,
    ...(organisation.settings.logo ? { logo: organisation.settings.logo } : {}),
    ...(organisation.settings.accentColour ? { accentColour: organisation.settings.accentColour } : {}),
  }
}

// mjml costs ~0.5 s of CPU and ~60 MB to import: loaded with the first mail, not at start.
let mjmlModule: Promise<typeof import('mjml').default> | undefined
const mjml = () => (mjmlModule ??= import('mjml').then((m) => m.default))

export async function htmlOf(message: RenderedMessage, brand: Branding): Promise<string> {
  const accent = brand.accentColour && COLOUR.test(brand.accentColour) ? brand.accentColour : DEFAULT_ACCENT
  const logo = brand.logo && /^(https:|data:image\/)/.test(brand.logo) ? brand.logo : undefined
  const [greeting = '', lead = '', ...rest] = message.paragraphs
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escape(message.subject)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="16px" line-height="24px" color="#222222" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="${accent}" padding="16px">
      <mj-column>
        ${logo ? `<mj-image src="${escape(logo)}" alt="${escape(brand.name)}" height="75px" width="auto" align="left" padding="0" />` : `<mj-text color="#ffffff" font-size="20px" font-weight="bold">${escape(brand.name)}</mj-text>`}
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px">
      <mj-column>
        <mj-text>${textBlock(greeting)}</mj-text>
        <mj-text>${textBlock(lead)}</mj-text>
        ${message.details.map((d) => `<mj-text font-weight="bold">${textBlock(d)}</mj-text>`).join('\n        ')}
        ${rest.map((p) => `<mj-text>${textBlock(p)}</mj-text>`).join('\n        ')}
        ${message.action ? `<mj-button background-color="${accent}" href="${escape(message.action.url)}" align="left">${escape(message.action.label)}</mj-button>` : ''}
        ${message.secondaryAction ? `<mj-text><a href="${escape(message.secondaryAction.url)}" style="color:${accent}">${escape(message.secondaryAction.label)}</a></mj-text>` : ''}
      </mj-column>
    </mj-section>
    <mj-section padding="8px"><mj-column><mj-text font-size="12px" color="#666666">${escape(brand.name)}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`
  const result = await (await mjml())(source, { validationLevel: 'strict' })
  return result.html
}
