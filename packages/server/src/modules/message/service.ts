import { msg, type ParsedInput, type ROUTES } from '@gatehouse/contracts';
import type { ExpressionBuilder } from 'kysely';
import type { MessageTable } from '../../db/tables/foundation.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { removeKept, keptPath } from '../../http/uploads.ts';
import { dateRange, formatDateTime } from '../../http/dates.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { listScope, scopeIds, scopeOf } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { inRange, likeArg, pageAndTotal } from '../../db/sql.ts';

type PageInput = ParsedInput<typeof ROUTES.message.getMessagesPage>;

const SORT = { createDate: 'm.created_at', title: 'm.title', type: 'm.type' } as const;

function visible(scope: Scope, accountId: number) {
  return (eb: ExpressionBuilder<DB & { m: MessageTable }, 'm'>) =>
    scope.all ? eb.val(true) : eb.or([eb('m.community_id', 'in', scopeIds(scope)), eb('m.creator_id', '=', accountId)]);
}

/** The import history the caller may see: messages of communities in scope, and their own. */
export async function messagesPage(ctx: AuthCtx, input: PageInput) {
  const scope = await listScope(ctx.db, ctx.caller);
  const tz = ctx.config.TZ_NAME;
  let q = ctx.db
    .selectFrom('message as m')
    .leftJoin('account as a', 'a.id', 'm.creator_id')
    .leftJoin('community as c', 'c.id', 'm.community_id')
    .where(visible(scope, ctx.caller.accountId));
  if (input.title) q = q.where('m.title', 'ilike', likeArg(input.title));
  if (input.type !== undefined) q = q.where('m.type', '=', input.type);
  q = inRange(q, dateRange(tz, input.starttime, input.endtime), 'm.created_at');
  const { rows, total } = await pageAndTotal(
    q,
    q
      .select(['m.id', 'm.title', 'm.content', 'm.type', 'm.created_at', 'm.file_id', 'a.name as creator', 'c.name as communityName'])
      .orderBy(SORT[input.sort ?? 'createDate'], input.order ?? 'desc')
      .orderBy('m.id', 'desc')
      .limit(input.rows)
      .offset(input.page * input.rows),
  );
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: r.id,
      title: t(ctx.lang, r.title),
      content: t(ctx.lang, r.content),
      type: r.type,
      createDate: formatDateTime(r.created_at, tz),
      creator: r.creator ?? '',
      communityName: r.communityName ?? '',
      downloadFile: r.file_id ? `/api/message/downloadMessageFile?id=${r.id}` : null,
    })),
  };
}

async function visibleMessage(ctx: AuthCtx, id: number) {
  const scope = await scopeOf(ctx.db, ctx.caller);
  const row = await ctx.db
    .selectFrom('message as m')
    .leftJoin('stored_file as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'm.title',
      'm.content',
      'm.type',
      'm.community_id',
      'm.creator_id',
      'f.path',
      'f.original_name',
      'f.mime',
      'f.id as fileId',
    ])
    .where('m.id', '=', id)
    .where(visible(scope, ctx.caller.accountId))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function deleteMessage(ctx: AuthCtx, id: number) {
  const row = await visibleMessage(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('message').where('id', '=', id).execute();
    await writeOpLog(trx, ctx, {
      menu: 'message',
      content: msg('op.message.delete', { title: t(ctx.lang, row.title) }),
      communityId: row.community_id,
      before: { title: row.title, content: row.content, type: row.type },
    });
  });
  // The source file goes only once no message refers to it.
  if (row.fileId && row.path) {
    await ctx.db.deleteFrom('stored_file').where('id', '=', row.fileId).execute();
    await removeKept(ctx.config, [row.path]);
  }
}

/** The import's source file, for the download button. */
export async function messageFile(ctx: AuthCtx, id: number) {
  const row = await visibleMessage(ctx, id);
  if (!row.path || !row.original_name) throw badRequest('message.noFile');
  const full = keptPath(ctx.config, row.path);
  return { full, name: row.original_name, mime: row.mime ?? 'application/octet-stream' };
}
