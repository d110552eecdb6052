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

/** "1 upcoming booking", "3 upcoming bookings": the CLI's refusal and the settings' dialog say it alike. */
export const upcomingBookingsText = (n: number): string => `${n} upcoming booking${n === 1 ? '' : 's'}`

/** The upcoming bookings the plan's archives leave, all together. */
export const upcomingBookingsLeft = (plan: readonly ArchiveStep[]): number => archivesWithBookings(plan).reduce((n, step) => n + (step.upcomingBookings ?? 0), 0)

/** One line per such archive, e.g. "practitioner jane-doe, which has 3 upcoming bookings". */
export function archiveWithBookingsLine(step: ArchiveStep): string {
  return `${step.kind} ${step.slug}, which has ${upcomingBookingsText(step.upcomingBookings ?? 0)}`
}

/** The refusal: the items and their counts, and what to do first. */
export function archiveWithBookingsMessage(steps: readonly ArchiveStep[]): string {
  return `Not applied: archiving ${steps.map(archiveWithBookingsLine).join('; ')}. Move or cancel those bookings first.`
}

/** The settings' archive dialog asked again (the web's --archive-with-bookings): the count, that the bookings are kept, and what else to do. */
export function archiveKeepsBookingsText(name: string, n: number): readonly [string, string] {
  const one = n === 1
  return [
    `${name} has ${upcomingBookingsText(n)}. ${one ? 'It is' : 'They are'} kept: archiving only hides ${name} online and from these settings.`,
    `Move or cancel ${one ? 'that booking first if it' : 'those bookings first if they'} should not go ahead.`,
  ]
}

/** Whether the apply may go ahead: no archive leaves bookings behind, or the admin said to archive anyway. */
export function mayApplyArchives(plan: readonly ArchiveStep[], archiveWithBookings: boolean): boolean {
  return archiveWithBookings || archivesWithBookings(plan).length === 0
}
