/**
 * The set-up document's codecs and checks live in src/contract (setup-document.codecs.ts and
 * setup-document.check.ts: one schema language, io-ts, shared by the server, the CLI and the settings
 * pages, and described by OpenAPI). This name stays for the callers of issue 13's validator.
 */
export { validateSetupDocument } from '../../src/contract/setup-document.check'
