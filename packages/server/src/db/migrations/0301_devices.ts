import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

/** Devices, the command queue, visitor QR records, server keys; device events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device')
    .addColumn('id', 'serial', (c) => c.primaryKey())
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
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('device_community_idx').on('device').columns(['community_id', 'id']).execute();

  await db.schema
    .createTable('command')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
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
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('acked_at', 'timestamptz')
    .execute();
  // The list (newest first) by community, door unit, account, status; the queue by device.
  await db.schema.createIndex('command_community_idx').on('command').columns(['community_id', 'id desc']).execute();
  await db.schema.createIndex('command_address_idx').on('command').columns(['address_id', 'id desc']).execute();
  await db.schema.createIndex('command_account_idx').on('command').columns(['account', 'id desc']).execute();
  await db.schema.createIndex('command_status_idx').on('command').columns(['status', 'id desc']).execute();
  await db.schema.createIndex('command_device_idx').on('command').columns(['device_id', 'status', 'id']).execute();
  await db.schema.createIndex('command_object_idx').on('command').columns(['device_id', 'object_key', 'id']).execute();

  await db.schema
    .createTable('visitor_qrcode')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
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
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('visitor_qrcode_community_idx').on('visitor_qrcode').columns(['community_id', 'created_at desc']).execute();
  await db.schema.createIndex('visitor_qrcode_regno_idx').on('visitor_qrcode').columns(['user_regno', 'created_at desc']).execute();

  await db.schema
    .createTable('server_key')
    .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('private_pem', 'text', (c) => c.notNull())
    .addColumn('public_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('access_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('device_id', 'integer')
    .addColumn('eid', 'varchar(64)', (c) => c.notNull())
    .addColumn('address_id', 'integer')
    .addColumn('community_id', 'integer')
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
  await db.schema.createIndex('access_event_eid_uq').on('access_event').columns(['device_id', 'eid']).unique().execute();
  await db.schema.createIndex('access_event_community_idx').on('access_event').columns(['community_id', 'time desc']).execute();
  await db.schema.createIndex('access_event_account_idx').on('access_event').columns(['account', 'time desc']).execute();
  await db.schema.createIndex('access_event_address_idx').on('access_event').columns(['address_id', 'time desc']).execute();
  await db.schema.createIndex('access_event_qr_idx').on('access_event').column('qr_id').where(sql.ref('qr_id'), 'is not', null).execute();
  await db.schema
    .createIndex('access_event_work_idx')
    .on('access_event')
    .columns(['account', 'time'])
    .where(sql.ref('is_work'), '=', true)
    .execute();

  await db.schema
    .createTable('usage_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('device_id', 'integer')
    .addColumn('eid', 'varchar(64)', (c) => c.notNull())
    .addColumn('address_id', 'integer')
    .addColumn('community_id', 'integer')
    .addColumn('kind', 'smallint', (c) => c.notNull())
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('call_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('answered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('duration_sec', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('usage_event_eid_uq').on('usage_event').columns(['device_id', 'eid']).unique().execute();
  await db.schema.createIndex('usage_event_kind_idx').on('usage_event').columns(['kind', 'community_id', 'time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['usage_event', 'access_event', 'server_key', 'visitor_qrcode', 'command', 'device']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
