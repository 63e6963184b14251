import type { Kysely } from 'kysely';
import { createTableWithId, createTableWithKey, now, ref, withCommunity, withCreatedAt, withUpdatedAt } from './columns.ts';
import { createIndexes, createLinkTable, dropTables } from './schema.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'community')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('location', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(100)')
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_no', 'varchar(20)')
    .$call(withCreatedAt)
    .execute();

  await createTableWithId(db, 'address')
    .$call(withCommunity())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('is_villa', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('hardware', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('devstate', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_no', 'varchar(150)')
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'address', { address_community_idx: ['community_id', 'type'] });

  await createTableWithId(db, 'account')
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
    .$call(withUpdatedAt)
    .addUniqueConstraint('account_regno_role_uq', ['reg_no', 'role_id'])
    .execute();
  await createIndexes(db, 'account', { account_community_idx: ['community_id', 'role_id'] });

  await createTableWithKey(db, 'menu', 'id', 'integer')
    .addColumn('key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('path', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await createLinkTable(db, 'account_menu', ['account_id', ref('account.id', 'cascade')], ['menu_id', ref('menu.id')]);
  await createLinkTable(db, 'account_community', ['account_id', ref('account.id', 'cascade')], ['community_id', ref('community.id')]);
  await createLinkTable(db, 'community_engineer', ['community_id', ref('community.id', 'cascade')], ['account_id', ref('account.id')]);

  await createTableWithId(db, 'session')
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', ref('account.id', 'cascade'))
    .addColumn('role_id', 'smallint', (c) => c.notNull())
    .addColumn('community_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .$call(withCreatedAt)
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await createIndexes(db, 'session', { session_account_idx: ['account_id'] });

  await createTableWithId(db, 'sms_code')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'sms_code', { sms_code_phone_idx: ['phone', 'purpose', 'created_at'] });

  await createTableWithKey(db, 'captcha', 'id', 'varchar(64)')
    .addColumn('answer_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await createTableWithKey(db, 'rate_limit', 'key', 'varchar(200)')
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'op_log', 'bigserial')
    .addColumn('name1', 'varchar(50)', (c) => c.notNull())
    .addColumn('name2', 'varchar(50)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('regno', 'varchar(20)', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('detail', 'jsonb')
    .addColumn('addtime', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndexes(db, 'op_log', {
    op_log_addtime_idx: ['addtime desc', 'id desc'],
    op_log_menu_idx: ['name1', 'name2', 'addtime desc'],
    op_log_regno_idx: ['regno', 'addtime desc'],
  });

  await createTableWithId(db, 'stored_file')
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .$call(withCreatedAt)
    .execute();

  await createTableWithId(db, 'message')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('creator_id', 'integer')
    .addColumn('file_id', 'integer', (c) => c.references('stored_file.id'))
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'message', { message_community_idx: ['community_id', 'created_at'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
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
  ]);
}
