/**
 * Waitlist jobs queued by hand (the trigger of migration 0115 queues those of freed appointments): a set-up
 * applied may open new hours, so each day of each live entry's range, for each practitioner who does one of
 * its services, is queued as a freed whole London day (issue 32). One statement, inside the set-up's
 * transaction; the runner then offers each such day to the first customer it fits.
 */
import { sql, type QueryExecutorProvider } from 'kysely'
import { LONDON_TIME_ZONE } from '../../src/domain/london'

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

/** `db`: any handle of the database (the set-up's operator transaction). */
export async function queueOpenedHours(db: QueryExecutorProvider, tenant: string, today: string): Promise<number> {
  const result = await sql`
    INSERT INTO outbox (id, tenant_id, channel, to_address, subject, text, attachments)
    SELECT substr(md5(random()::text || clock_timestamp()::text || j.clinic_id || j.practitioner_id || j.day), 1, 24), ${tenant}, 'waitlist', j.clinic_id, 'hours-opened',
      json_build_object('clinicId', j.clinic_id, 'practitionerId', j.practitioner_id,
        'start', to_char((j.day::timestamp AT TIME ZONE ${LONDON_TIME_ZONE}) AT TIME ZONE 'UTC', ${sql.raw(UTC_ISO)}),
        'end', to_char(((j.day + 1)::timestamp AT TIME ZONE ${LONDON_TIME_ZONE}) AT TIME ZONE 'UTC', ${sql.raw(UTC_ISO)}))::text,
      '[]'
    FROM (
      SELECT DISTINCT e.clinic_id, sp.practitioner_id, d::date AS day
      FROM waitlist_entries e
      CROSS JOIN LATERAL unnest(string_to_array(e.service_ids, ',')) AS s(service_id)
      JOIN service_practitioners sp ON sp.tenant_id = e.tenant_id AND sp.service_id = s.service_id
      CROSS JOIN LATERAL generate_series(greatest(e.from_date::date, ${today}::date)::timestamp, e.to_date::date::timestamp, interval '1 day') AS d
      WHERE e.tenant_id = ${tenant} AND e.status IN ('active', 'offered')
        AND (e.practitioner_id IS NULL OR e.practitioner_id = sp.practitioner_id)
    ) j`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}
