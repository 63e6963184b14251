import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { packageVersion } from '../cli/version.ts';
import { migrate, openDb } from './index.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { checkRollingUpgrades, GRANDFATHERED, olderRelease } from './rolling-upgrades.ts';

const raw =
  (...statements: string[]): Migration['up'] =>
  async (db: Kysely<unknown>) => {
    for (const s of statements) await sql.raw(s).execute(db);
  };

/**
 * Rolling upgrades (docs/deployment.md): every migration after the grandfathered ones expands only,
 * or is a contract step naming an older release. Breaking migrations of each kind are refused.
 */
describe('rolling upgrades: migrations expand, contract steps wait a release', { timeout: 300_000 }, () => {
  it("every migration newer than the grandfathered list keeps the previous release's schema working", async () => {
    const { refused } = await checkRollingUpgrades(MIGRATIONS, packageVersion());
    expect(refused).toEqual([]);
    for (const name of GRANDFATHERED) expect(Object.keys(MIGRATIONS)).toContain(name);
  });

  it('refuses each kind of breaking migration, accepts expanding ones and contract steps of an older release', async () => {
    // Run after every real migration, on the schema they make; nothing else is checked (all grandfathered or passing above).
    const version = '0.5.0';
    const probes: Record<string, Migration & { contract?: { safeAfter: string; why: string } }> = {
      '9901_expand': {
        up: async (db) => {
          await db.schema
            .createTable('probe')
            .addColumn('id', 'integer', (c) => c.primaryKey())
            .addColumn('x', 'integer', (c) => c.notNull())
            .execute();
          await db.schema.alterTable('device').addColumn('probe_a', 'text').execute();
          await db.schema
            .alterTable('device')
            .addColumn('probe_b', 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
          await db.schema.createIndex('device_probe_a_idx').on('device').column('probe_a').execute();
          // Changing what this very migration made breaks no one.
          await db.schema
            .alterTable('device')
            .alterColumn('probe_a', (c) => c.setNotNull())
            .execute();
          await db.schema.dropIndex('device_probe_a_idx').execute();
        },
      },
      '9902_drop_column': { up: async (db) => void (await db.schema.alterTable('device').dropColumn('probe_b').execute()) },
      '9903_rename_column': { up: raw('alter table device rename column vendor_host to vendor_address') },
      '9904_set_not_null': {
        up: async (db) =>
          void (await db.schema
            .alterTable('device')
            .alterColumn('vendor_port', (c) => c.setNotNull())
            .execute()),
      },
      '9905_retype': { up: raw('ALTER TABLE "device" ALTER COLUMN "vendor_user" TYPE varchar(200)') },
      '9906_not_null_without_default': { up: raw('alter table device add column probe_c integer not null') },
      '9907_drop_index': { up: raw('drop index webhook_delivery_hook_due_idx') },
      '9908_rename_table': { up: async (db) => void (await db.schema.alterTable('probe').renameTo('probe2').execute()) },
      '9909_drop_table_contract': {
        up: async (db) => void (await db.schema.dropTable('probe2').execute()),
        contract: { safeAfter: '0.4.0', why: 'probe2 unread since 0.4.0' },
      },
      '9910_contract_too_early': {
        up: raw('alter table device drop column probe_a'),
        contract: { safeAfter: '0.5.0', why: 'named this very release' },
      },
      '9911_drop_table': { up: raw('create table probe3 (id int)', 'drop table probe3', 'drop table if exists notice_read cascade') },
    };
    const { refused, checked } = await checkRollingUpgrades({ ...MIGRATIONS, ...probes }, version, {
      grandfathered: Object.keys(MIGRATIONS),
    });
    expect(checked).toEqual(Object.keys(probes));
    const why = Object.fromEntries(refused.map((r) => [r.migration, r.reasons.join(' | ')]));
    expect(Object.keys(why)).toEqual([
      '9902_drop_column',
      '9903_rename_column',
      '9904_set_not_null',
      '9905_retype',
      '9906_not_null_without_default',
      '9907_drop_index',
      '9908_rename_table',
      '9910_contract_too_early',
      '9911_drop_table',
    ]);
    expect(why['9902_drop_column']).toContain('drops the column device.probe_b');
    expect(why['9903_rename_column']).toContain('renames device.vendor_host to vendor_address');
    expect(why['9904_set_not_null']).toContain('sets device.vendor_port not null');
    expect(why['9905_retype']).toContain('changes the type of device.vendor_user');
    expect(why['9906_not_null_without_default']).toContain('adds device.probe_c not null without a default');
    expect(why['9907_drop_index']).toContain('drops the index webhook_delivery_hook_due_idx');
    expect(why['9908_rename_table']).toContain('renames probe to probe2');
    expect(why['9910_contract_too_early']).toContain('needs a later release');
    expect(why['9911_drop_table']).toContain('drops the table notice_read');
    expect(why['9911_drop_table']).not.toContain('probe3');
  });

  it('orders releases by their numbers', () => {
    expect(olderRelease('0.4.0', '0.5.0')).toBe(true);
    expect(olderRelease('0.10.0', '0.9.3')).toBe(false);
    expect(olderRelease('1.2.3', '1.2.3')).toBe(false);
  });
});

describe('the previous release beside a newer one', { timeout: 300_000 }, () => {
  it('starts on a database a newer release migrated (nothing to migrate), and refuses one lacking its own migrations', async () => {
    const h = await openDb({ dataDir: null });
    try {
      await migrate(h.db);
      await sql`insert into kysely_migration (name, timestamp) values ('9999_next_release', now()::text)`.execute(h.db);
      expect(await migrate(h.db)).toEqual([]);
      const last = Object.keys(MIGRATIONS).sort().at(-1) as string;
      await sql`delete from kysely_migration where name = ${last}`.execute(h.db);
      await expect(migrate(h.db)).rejects.toThrow(`newer release (9999_next_release) but not this release's ${last}`);
    } finally {
      await h.close();
    }
  });
});
