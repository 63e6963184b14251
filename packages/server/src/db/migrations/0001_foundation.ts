import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('community')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('location', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(100)')
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_no', 'varchar(20)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('address')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id'))
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('is_villa', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('hardware', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('devstate', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_no', 'varchar(150)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('address_community_idx').on('address').columns(['community_id', 'type']).execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reg_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull().defaultTo('86'))
    .addColumn('name', 'varchar(15)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'smallint', (c) => c.notNull())
    .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('community_id', 'integer', (c) => c.references('community.id'))
    .addColumn('address_id', 'integer', (c) => c.references('address.id'))
    .addColumn('face_limit', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('resident_limit', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('created_by', 'integer')
    .addColumn('reg_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('account_regno_role_uq', ['reg_no', 'role_id'])
    .execute();
  await db.schema.createIndex('account_community_idx').on('account').columns(['community_id', 'role_id']).execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('path', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_menu')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id'))
    .addPrimaryKeyConstraint('account_menu_pk', ['account_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('account_community')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id'))
    .addPrimaryKeyConstraint('account_community_pk', ['account_id', 'community_id'])
    .execute();

  await db.schema
    .createTable('community_engineer')
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addPrimaryKeyConstraint('community_engineer_pk', ['community_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('role_id', 'smallint', (c) => c.notNull())
    .addColumn('community_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();

  await db.schema
    .createTable('sms_code')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sms_code_phone_idx').on('sms_code').columns(['phone', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('op_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name1', 'varchar(50)', (c) => c.notNull())
    .addColumn('name2', 'varchar(50)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('regno', 'varchar(20)', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('detail', 'jsonb')
    .addColumn('addtime', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('op_log_addtime_idx').on('op_log').columns(['addtime desc', 'id desc']).execute();
  await db.schema.createIndex('op_log_menu_idx').on('op_log').columns(['name1', 'name2', 'addtime desc']).execute();
  await db.schema.createIndex('op_log_regno_idx').on('op_log').columns(['regno', 'addtime desc']).execute();

  await db.schema
    .createTable('stored_file')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('creator_id', 'integer')
    .addColumn('file_id', 'integer', (c) => c.references('stored_file.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('message_community_idx').on('message').columns(['community_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'message',
    'stored_file',
    'op_log',
    'rate_limit',
    'captcha',
    'sms_code',
    'session',
    'community_engineer',
    'account_community',
    'account_menu',
    'menu',
    'account',
    'address',
    'community',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
