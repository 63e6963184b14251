import { LIMITS, msg, type NoticeFile, type NoticeRow, type ParsedInput, ROUTES } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { byParent } from '../../db/by-parent.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime, parseDateTime } from '../../http/dates.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, listScope, scopeOf, withinScope } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { keptInScope } from '../../http/kept-in-scope.ts';
import { keepFile, removeKept, type UploadedFile } from '../../http/uploads.ts';
import { deleteRows, likeArg, pageAndTotal } from '../../db/sql.ts';

type N = typeof ROUTES.notice;
const KIND = 'notice';
const SORT = { createDate: 'n.created_at', title: 'n.title', validfrom: 'n.validfrom', validto: 'n.validto' } as const;
const fileUrl = (id: number) => `/api${ROUTES.notice.downloadNoticeFile.path}?id=${id}`;

function base(db: Kysely<DB>, scope: Scope) {
  return withinScope(
    db.selectFrom('notice as n').leftJoin('account as a', 'a.id', 'n.creator_id').innerJoin('community as c', 'c.id', 'n.community_id'),
    scope,
    'n.community_id',
  );
}

const COLUMNS = [
  'n.id',
  'n.title',
  'n.content',
  'n.community_id',
  'n.validfrom',
  'n.validto',
  'n.created_at',
  'a.name as creator',
  'c.name as communityName',
] as const;

function filesOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, NoticeFile[]>> {
  return byParent(
    ids,
    () =>
      db
        .selectFrom('notice_file as nf')
        .innerJoin('stored_file as f', 'f.id', 'nf.file_id')
        .select(['nf.notice_id', 'f.id', 'f.original_name', 'f.size'])
        .where('nf.notice_id', 'in', ids)
        .orderBy('f.id')
        .execute(),
    (r) => r.notice_id,
    (r): NoticeFile => ({ id: r.id, name: r.original_name, size: r.size, url: fileUrl(r.id) }),
  );
}

type Row = {
  id: number;
  title: string;
  content: string;
  community_id: number;
  validfrom: Date;
  validto: Date;
  created_at: Date;
  creator: string | null;
  communityName: string;
};

function toNotice(r: Row, files: NoticeFile[], tz: string): NoticeRow {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    communityId: r.community_id,
    communityName: r.communityName,
    validfrom: formatDateTime(r.validfrom, tz),
    validto: formatDateTime(r.validto, tz),
    creator: r.creator ?? '',
    createDate: formatDateTime(r.created_at, tz),
    downloadFile: files,
  };
}

/** getNoticesPage: notices of the communities in scope (narrowed by the chosen community). */
export async function noticesPage(ctx: AuthCtx, input: ParsedInput<N['getNoticesPage']>) {
  let q = base(ctx.db, await listScope(ctx.db, ctx.caller));
  if (input.title) q = q.where('n.title', 'ilike', likeArg(input.title));
  const { rows, total } = await pageAndTotal(
    q,
    q
      .select([...COLUMNS])
      .orderBy(SORT[input.sort ?? 'createDate'], input.order ?? 'desc')
      .orderBy('n.id', 'desc')
      .limit(input.rows)
      .offset(input.page * input.rows),
  );
  const files = await filesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { total: Number(total), rows: rows.map((r) => toNotice(r, files.get(r.id) ?? [], ctx.config.TZ_NAME)) };
}

async function visibleNotice(db: Kysely<DB>, scope: Scope, id: number): Promise<Row> {
  const row = await base(db, scope)
    .select([...COLUMNS])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getNotice(ctx: AuthCtx, id: number): Promise<NoticeRow> {
  const row = await visibleNotice(ctx.db, await scopeOf(ctx.db, ctx.caller), id);
  return toNotice(row, (await filesOf(ctx.db, [id])).get(id) ?? [], ctx.config.TZ_NAME);
}

/**
 * uploadNoticeFiles: creates a notice with its attachments (at most 10, each at most
 * 10 MB). Any failed check refuses the whole request; nothing is stored.
 */
export async function createNotice(ctx: AuthCtx, i: ParsedInput<N['uploadNoticeFiles']>, files: UploadedFile[]): Promise<NoticeRow> {
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  if (files.length > LIMITS.noticeFiles) throw badRequest(msg('notice.tooManyFiles', { max: LIMITS.noticeFiles }));
  for (const f of files) {
    if (f.truncated || f.size > LIMITS.noticeFileBytes) throw badRequest(msg('notice.fileTooLarge', { name: f.filename }));
  }
  const tz = ctx.config.TZ_NAME;
  const from = parseDateTime(i.validfrom, tz);
  const to = parseDateTime(i.validto, tz);
  if (!from) throw badRequest(msg('v.invalid', { field: '@f.notice.validfrom' }));
  if (!to) throw badRequest(msg('v.invalid', { field: '@f.notice.validto' }));
  if (from >= to) throw badRequest('v.dateOrder');
  const kept: string[] = [];
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const community = await trx.selectFrom('community').select('id').where('id', '=', i.communityId).executeTakeFirst();
      if (!community) throw notFound();
      const notice = await trx
        .insertInto('notice')
        .values({
          title: i.title,
          content: i.content,
          community_id: i.communityId,
          validfrom: from,
          validto: to,
          creator_id: ctx.caller.accountId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const names: string[] = [];
      for (const f of files) {
        const rel = await keepFile(ctx.config, f, 'notices');
        kept.push(rel);
        const name = f.filename.slice(0, 300);
        const file = await trx
          .insertInto('stored_file')
          .values({
            kind: KIND,
            path: rel,
            mime: f.mimetype || 'application/octet-stream',
            size: f.size,
            original_name: name,
            community_id: i.communityId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('notice_file').values({ notice_id: notice.id, file_id: file.id }).execute();
        names.push(name);
      }
      await writeOpLog(trx, ctx, {
        menu: 'service.notice',
        content: msg('op.notice.add', { title: i.title }),
        communityId: i.communityId,
        after: {
          id: notice.id,
          title: i.title,
          content: i.content,
          communityId: i.communityId,
          validfrom: i.validfrom,
          validto: i.validto,
          files: names,
        },
      });
      return notice.id;
    });
    return await getNotice(ctx, id);
  } catch (e) {
    await removeKept(ctx.config, kept);
    throw e;
  }
}

/** deleteNotice: removes the notice, its attachment rows and their files. */
export async function deleteNotice(ctx: AuthCtx, id: number): Promise<void> {
  const scope = await scopeOf(ctx.db, ctx.caller);
  const paths = await ctx.db.transaction().execute(async (trx) => {
    const row = await visibleNotice(trx, scope, id);
    const files = await trx
      .selectFrom('notice_file as nf')
      .innerJoin('stored_file as f', 'f.id', 'nf.file_id')
      .select(['f.id', 'f.path', 'f.original_name'])
      .where('nf.notice_id', '=', id)
      .execute();
    await trx.deleteFrom('notice').where('id', '=', id).execute();
    await deleteRows(trx, 'stored_file', files);
    await writeOpLog(trx, ctx, {
      menu: 'service.notice',
      content: msg('op.notice.delete', { title: row.title }),
      communityId: row.community_id,
      before: { id, title: row.title, content: row.content, communityId: row.community_id, files: files.map((f) => f.original_name) },
    });
    return files.map((f) => f.path);
  });
  await removeKept(ctx.config, paths);
}

/** An attachment of a notice whose community is in the caller's scope. */
export async function noticeFile(ctx: AuthCtx, fileId: number) {
  const row = await ctx.db
    .selectFrom('stored_file as f')
    .innerJoin('notice_file as nf', 'nf.file_id', 'f.id')
    .innerJoin('notice as n', 'n.id', 'nf.notice_id')
    .select(['f.path', 'f.original_name', 'f.mime', 'n.community_id'])
    .where('f.id', '=', fileId)
    .where('f.kind', '=', KIND)
    .executeTakeFirst();
  const f = await keptInScope(ctx, row);
  return { full: f.full, name: f.original_name, mime: f.mime };
}
