/**
 * A catalogue service's listed price, as every client reads it: the default price, else the gross one,
 * else the listing's. Its own module: the location list's catalogue views need it, not the wizard's
 * request rules around it (issue 28: the first view's bytes).
 */
export function listedPrice(service: { defaultPrice?: number | null; defaultGrossPrice?: number | null; metadata?: { price?: number | null } | null }): number {
  return service.defaultPrice ?? service.defaultGrossPrice ?? service.metadata?.price ?? 0
}
