/** The address an erased customer's account keeps (erasure.repository.ts): reserved, never delivered. */

/** Under the reserved .invalid domain (RFC 2606): never a real person's, never deliverable. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid'

export const erasedAddressOf = (customerId: string): string => `erased-${customerId}@${ERASED_EMAIL_DOMAIN}`

export function isErasedAddress(address: string): boolean {
  return address.trim().toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`)
}
