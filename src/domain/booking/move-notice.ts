/**
 * A staff move to a time already past records when a visit actually happened: the desk asks staff to
 * confirm it, and the customer is not told their booking "moved" to a past date (that only confuses them).
 */
export function isMoveIntoPast(newStart: Date, now: Date): boolean {
  return newStart.getTime() <= now.getTime()
}

/** Whether the customer hears of a staff move: only of one to a time still to come. */
export function moveNotifiesCustomer(newStart: Date, now: Date): boolean {
  return !isMoveIntoPast(newStart, now)
}
