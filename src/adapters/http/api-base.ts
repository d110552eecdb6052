import { tenantFromHost } from '../../domain/tenant'

/**
 * The API's base URL, for the web app and the CLI alike: '/api' on the server's origin ('' in the
 * browser, the page's own origin; the server's address in the CLI). A configured base (VITE_API_BASE)
 * replaces it and may name the tenant as '{tenant}', taken from the page's host.
 */
export function apiBaseOf(origin: string, options: { configured?: string; host?: string; defaultTenant?: string } = {}): string {
  const configured = options.configured?.trim()
  const base = configured ? configured : `${origin.replace(/\/+$/, '')}/api`
  return base.replace('{tenant}', tenantFromHost(options.host ?? '', options.defaultTenant ?? 'demo'))
}
