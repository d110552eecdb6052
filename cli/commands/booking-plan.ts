/**
 * The booking plan: what `clinic book --dry-run --json` prints and `clinic book --from FILE` reads.
 * `location`, `services[].id`, `staff`, `date` and `time` say what to book; the rest (names, the
 * practitioner each service got, the request payload) is shown for people and checked again when
 * the plan is booked, since availability may have changed.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import { AppointmentPayload } from '../../src/contract/appointments.codecs'
import { IsoDate, IsoDateTime, ObjectId } from '../../src/contract/codecs'

const Named = t.type({ id: ObjectId, name: t.string })

export const BookingPlan = t.type(
  {
    version: t.literal(1),
    location: Named,
    date: IsoDate,
    time: t.refinement(t.string, (s) => /^\d{2}:\d{2}$/.test(s), 'HH:mm'),
    staff: t.union([Named, t.null]),
    services: t.array(t.type({ id: ObjectId, name: t.string, practitioner: Named, start: IsoDateTime, end: IsoDateTime })),
    appointment: AppointmentPayload,
  },
  'BookingPlan',
)
export type BookingPlan = t.TypeOf<typeof BookingPlan>

export function decodePlan(value: unknown): E.Either<string, BookingPlan> {
  const decoded = BookingPlan.decode(value)
  if (E.isLeft(decoded)) return E.left(PathReporter.report(decoded)[0] ?? 'invalid')
  if (decoded.right.services.length === 0) return E.left('services is empty')
  return E.right(decoded.right)
}
