import { type Kysely, sql } from 'kysely';
import { createTableWithId, createTableWithKey, now, ref, withCreatedAt, withEventSource, withTimestamps } from './columns.ts';
import { createIndexes, dropTables } from './schema.ts';

/** Devices, the command queue, visitor QR records, server keys; device events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'device')
    .addColumn('serial', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('is_villa', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('hardware', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_id', 'integer', (c) => c.unique().references('address.id').onDelete('set null'))
    .addColumn('community_id', 'integer', (c) => c.references('community.id').onDelete('set null'))
    .addColumn('phone', 'varchar(20)')
    .addColumn('own_address', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('secret_hash', 'char(64)')
    .addColumn('secret_at', 'timestamptz')
    .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('firmware', 'varchar(50)')
    .addColumn('bound_at', 'timestamptz')
    .$call(withTimestamps)
    .execute();
  await createIndexes(db, 'device', { device_community_idx: ['community_id', 'id'] });

  await createTableWithId(db, 'command', 'bigserial')
    .addColumn('device_id', 'integer', ref('device.id', 'cascade'))
    .addColumn('address_id', 'integer')
    .addColumn('community_id', 'integer')
    .addColumn('subject', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('info', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .$call(withTimestamps)
    .addColumn('sent_at', 'timestamptz')
    .addColumn('acked_at', 'timestamptz')
    .execute();
  // The list (newest first) by community, door unit, account, status; the queue by device.
  await createIndexes(db, 'command', {
    command_community_idx: ['community_id', 'id desc'],
    command_address_idx: ['address_id', 'id desc'],
    command_account_idx: ['account', 'id desc'],
    command_status_idx: ['status', 'id desc'],
    command_device_idx: ['device_id', 'status', 'id'],
    command_object_idx: ['device_id', 'object_key', 'id'],
  });

  await createTableWithId(db, 'visitor_qrcode', 'bigserial')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('address_id', 'integer', (c) => c.notNull())
    .addColumn('community_id', 'integer', (c) => c.notNull())
    .addColumn('user_regno', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('num_open', 'integer', (c) => c.notNull())
    .addColumn('validfrom', 'timestamptz', (c) => c.notNull())
    .addColumn('validto', 'timestamptz', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'visitor_qrcode', {
    visitor_qrcode_community_idx: ['community_id', 'created_at desc'],
    visitor_qrcode_regno_idx: ['user_regno', 'created_at desc'],
  });

  await createTableWithKey(db, 'server_key', 'name', 'varchar(50)')
    .addColumn('private_pem', 'text', (c) => c.notNull())
    .addColumn('public_pem', 'text', (c) => c.notNull())
    .$call(withCreatedAt)
    .execute();

  await createTableWithId(db, 'access_event', 'bigserial')
    .$call(withEventSource)
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('result', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('unlock_user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_num', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_mode', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('qr_id', 'bigint')
    .addColumn('is_work', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndexes(db, 'access_event', {
    access_event_eid_uq: { columns: ['device_id', 'eid'], unique: true },
    access_event_community_idx: ['community_id', 'time desc'],
    access_event_account_idx: ['account', 'time desc'],
    access_event_address_idx: ['address_id', 'time desc'],
    access_event_qr_idx: { columns: ['qr_id'], where: [['qr_id', 'is not', null]] },
    access_event_work_idx: { columns: ['account', 'time'], where: [['is_work', '=', true]] },
  });

  await createTableWithId(db, 'usage_event', 'bigserial')
    .$call(withEventSource)
    .addColumn('kind', 'smallint', (c) => c.notNull())
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('call_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('answered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('duration_sec', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndexes(db, 'usage_event', {
    usage_event_eid_uq: { columns: ['device_id', 'eid'], unique: true },
    usage_event_kind_idx: ['kind', 'community_id', 'time'],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['usage_event', 'access_event', 'server_key', 'visitor_qrcode', 'command', 'device']);
}
