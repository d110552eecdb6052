/** Injection tokens of the operator's side (issue 13): kept apart from the customer's PORTS. */
export const ADMIN_PORTS = {
  AdminApi: Symbol.for('AdminApi'),
  /** The staff sign-in token: never the customer's (a staff token opens no customer call and back). */
  StaffTokenStore: Symbol.for('StaffTokenStore'),
} as const
