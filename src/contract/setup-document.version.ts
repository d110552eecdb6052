/**
 * The version of a set-up document (issue 29): a digest of its content, the same in the browser and
 * on the server. The settings pages send the version they read with each save; the server compares it
 * with the version of the set-up it holds inside the apply's transaction, so two admins saving at once
 * cannot silently overwrite each other (the later one is told, 409).
 */
import type { SetupDocument } from './setup-document.codecs'

/** JSON with the keys of every object in order and undefined fields left out (as JSON leaves them). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** cyrb53: a fast 53-bit string hash (not for secrets; a version tag only). */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** 'v1-<28 hex digits>': equal for equal documents, whatever the order of their keys. */
export function setupVersion(document: SetupDocument): string {
  const text = canonical(document)
  return `v1-${hash53(text, 1).toString(16).padStart(14, '0')}${hash53(text, 2).toString(16).padStart(14, '0')}`
}

/** The text a save refused for a changed set-up shows (the server's 409 and the settings pages). */
export const SETUP_CHANGED = 'These settings were changed by someone else since you opened them. Reload to see the changes; your edit was not saved.'
