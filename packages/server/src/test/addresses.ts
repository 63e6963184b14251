import type { TestApp } from './harness.ts';

/** Inserts a door-unit address (type 0) of a community, named as its text; answers its id. */
export async function doorUnitAddress(t: TestApp, communityId: number, text: string): Promise<number> {
  const row = await t.db
    .insertInto('address')
    .values({ community_id: communityId, address: text, name: text, type: 0, is_villa: 0, hardware: 7, devstate: 0, reg_no: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
