/** mjml 5 ships no types (and @types/mjml describes the synchronous 4.x API): what we call of it. */
declare module 'mjml' {
  export interface MjmlResult {
    html: string
    errors: { message: string; formattedMessage?: string }[]
  }
  export default function mjml2html(input: string, options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean }): Promise<MjmlResult>
}
