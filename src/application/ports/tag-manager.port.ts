/**
 * Starts the organisation's tag manager (spec section 7: gtmId 'if present, starts a tag manager').
 * `consentMode`: Google's consent mode, every kind of storage denied by default and analytics granted
 * by the visitor's consent (production starts the tag manager only after it).
 */
export interface TagManager {
  start(gtmId: string | undefined, consentMode?: { analytics: 'granted' }): void
}
