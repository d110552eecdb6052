/** Starts the organisation's tag manager (spec section 7: gtmId 'if present, starts a tag manager'). */
export interface TagManager {
  start(gtmId: string | undefined): void
}
