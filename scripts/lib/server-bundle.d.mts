export function serverBundleStale(root: string, outdir?: string): boolean
export function bundleServer(root: string, outdir?: string): Promise<void>
export function ensureServerBundle(root: string, fallback: string): Promise<boolean>
export const SERVER_NODE_ARGS: readonly string[]
