/**
 * Tenant from the host (spec §1 "the tenant short name is the first subdomain of the host when the
 * host has four or five dot-separated parts"; ARCHITECTURE "else the configured default tenant").
 * The port, if any, is ignored; the result is lowercased.
 */

/** Tenant short name: first label of a 4- or 5-part host, else `defaultTenant`. */
export function tenantFromHost(host: string | null | undefined, defaultTenant: string): string {
  const hostname = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  const labels = hostname.split('.')
  if ((labels.length === 4 || labels.length === 5) && labels.every((l) => l.length > 0) && !/^\d+$/.test(labels[labels.length - 1])) {
    return labels[0]
  }
  return defaultTenant
}
