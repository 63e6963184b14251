import { emergencySource } from './emergency/service.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';
import { callCodeSource } from './address/amt-sync.ts';
import { collectAreas } from './area.ts';
import { cardsOfUnit } from './holder/cards.ts';
import { groupLadderEntries, ladderEntries } from './holder/lifts.ts';
import { faceSource } from './holder/faces.ts';
import { AREAS } from './index.ts';
import { rulesOfUnit } from './rules/tables.ts';
import { groupPlaces } from './rules/places.ts';
import { revokedQrsOfUnit } from './holder/qr.ts';
import { liftPlaces, unitPlaces } from './review/sources.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('area descriptors', () => {
  it('lists every module folder once, each with handlers', () => {
    const folders = fs
      .readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(AREAS.map((a) => a.name).sort()).toEqual(folders);
    for (const a of AREAS) expect(a.handlers.length, a.name).toBeGreaterThan(0);
  });

  it("collects call codes, cards, faces, withdrawn QR codes, the emergency mode and access rules into a door unit's configuration, in that order, and the lift file's entries", () => {
    const w = collectAreas(AREAS);
    expect(w.desiredSources).toEqual([callCodeSource, cardsOfUnit, faceSource, revokedQrsOfUnit, emergencySource, rulesOfUnit]);
    expect(w.ladderSources).toEqual([ladderEntries, groupLadderEntries]);
  });

  it("collects where credentials work: the review's door-unit entries and lift control, then the access groups' units and lift floors", () => {
    expect(collectAreas(AREAS).placeSources).toEqual([unitPlaces, liftPlaces, groupPlaces]);
  });

  it('names delete dependents in a stable order', () => {
    expect(collectAreas(AREAS).dependents.map((d) => d.key)).toEqual([
      'dep.accounts',
      'dep.devices',
      'dep.callCodes',
      'dep.cards',
      'dep.faces',
    ]);
  });
});

describe('delete dependents cover the schema', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  /** Tables with a foreign key to one of `targets` that neither cascades nor sets null on delete. */
  const restricting = async (targets: string[]): Promise<string[]> => {
    const { rows } = await sql<{ tbl: string }>`
      select distinct cl.relname as tbl
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class ref on ref.oid = c.confrelid
      where c.contype = 'f' and ref.relname in (${sql.join(targets)}) and c.confdeltype in ('a', 'r')
      order by 1`.execute(t.db);
    return rows.map((r) => r.tbl);
  };

  it('every table that keeps a community or an address from being deleted is counted by some area', async () => {
    // Foreign keys to community or address that neither cascade nor set null: a row there
    // would make the delete fail, so an area must count it and refuse first, naming it.
    const tables = (await restricting(['community', 'address'])).filter((tbl) => tbl !== 'address');
    const counted = new Set(collectAreas(AREAS).dependents.flatMap((d) => d.tables));
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((tbl) => !counted.has(tbl))).toEqual([]);
  });

  it('an account is held back only by project assignments, which its batch delete counts first', async () => {
    expect(await restricting(['account'])).toEqual(['community_engineer']);
  });
});
