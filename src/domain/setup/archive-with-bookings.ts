/**
 * Archiving a practitioner, service or location that still has upcoming bookings leaves those
 * customers with nobody looking after them: a set-up apply names them and refuses unless told to
 * archive anyway.
 */

/** An archive step of a set-up plan and the item's upcoming bookings (what the server counted). */
export interface ArchiveStep {
  readonly action: string
  readonly kind: string
  readonly slug: string
  readonly upcomingBookings?: number
}

/** The plan's archives of items that still have upcoming bookings. */
export function archivesWithBookings<S extends ArchiveStep>(plan: readonly S[]): S[] {
  return plan.filter((step) => step.action === 'archive' && (step.upcomingBookings ?? 0) > 0)
}

const bookings = (n: number) => `${n} upcoming booking${n === 1 ? '' : 's'}`

/** One line per such archive, e.g. "practitioner jane-doe, which has 3 upcoming bookings". */
export function archiveWithBookingsLine(step: ArchiveStep): string {
  return `${step.kind} ${step.slug}, which has ${bookings(step.upcomingBookings ?? 0)}`
}

/** The refusal: the items and their counts, and what to do first. */
export function archiveWithBookingsMessage(steps: readonly ArchiveStep[]): string {
  return `Not applied: archiving ${steps.map(archiveWithBookingsLine).join('; ')}. Move or cancel those bookings first.`
}

/** Whether the apply may go ahead: no archive leaves bookings behind, or the admin said to archive anyway. */
export function mayApplyArchives(plan: readonly ArchiveStep[], archiveWithBookings: boolean): boolean {
  return archiveWithBookings || archivesWithBookings(plan).length === 0
}
