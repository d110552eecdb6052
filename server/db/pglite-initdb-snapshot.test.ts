/** openPGlite's initdb snapshot: an in-memory database starts from the file, written by the first start. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openPGlite } from './pglite'

const dir = mkdtempSync(join(tmpdir(), 'pglite-initdb-snapshot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const tables = async (lite: PGlite) =>
  (await lite.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map((r) => r.name)

describe('openPGlite with an initdb snapshot', () => {
  it('writes the snapshot on the first start, and each later start is a fresh copy of it', async () => {
    const snapshot = join(dir, 'cache', 'initdb.tar')
    const first = await openPGlite({ initdbSnapshot: snapshot })
    expect(existsSync(snapshot)).toBe(true)
    await first.exec('CREATE EXTENSION btree_gist; CREATE TABLE mine (during tstzrange, room int, EXCLUDE USING gist (room WITH =, during WITH &&))')
    expect(await tables(first)).toEqual(['mine'])
    const second = await openPGlite({ initdbSnapshot: snapshot })
    // The first database's table is not in the file: it was written before anything ran.
    expect(await tables(second)).toEqual([])
    await second.exec('CREATE EXTENSION btree_gist')
    await first.close()
    await second.close()
  })

  it('starts from the file it names when the file is there, and a clone given as loadDataDir wins over it', async () => {
    // A cluster with a table in it, as the file: a start from the file has the table.
    const snapshot = join(dir, 'cache', 'initdb.tar')
    const made = await openPGlite({ initdbSnapshot: snapshot })
    await made.exec('CREATE TABLE marker (id int)')
    const withMarker = await made.dumpDataDir('none')
    await made.close()
    const markerFile = join(dir, 'with-marker.tar')
    writeFileSync(markerFile, Buffer.from(await withMarker.arrayBuffer()))
    const lite = await openPGlite({ initdbSnapshot: markerFile })
    expect(await tables(lite)).toEqual(['marker'])
    await lite.close()
    const clone = await openPGlite({ loadDataDir: withMarker, initdbSnapshot: snapshot })
    expect(await tables(clone)).toEqual(['marker'])
    await clone.close()
  })
})
