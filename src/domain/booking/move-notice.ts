/**
 * Whether the customer hears of a staff move. A move to a time already past records when a visit
 * actually happened: telling the customer their booking "moved" to a past date only confuses them.
 */
export function moveNotifiesCustomer(newStart: Date, now: Date): boolean {
  return newStart.getTime() > now.getTime()
}
