import fs from 'node:fs';
import { type CommunityFile, type communityRoutes, LIMITS, msg, type ParsedInput, ROUTES } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertImagePixels } from '../../http/image-pixels.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity } from '../../http/scope.ts';
import { keptInScope } from '../../http/kept-in-scope.ts';
import { keepFile, removeKept, type UploadedFile } from '../../http/uploads.ts';

type R = typeof communityRoutes;
const KIND = 'cover';

/** JPEG by content: every JPEG starts with the SOI marker and a segment marker (FF D8 FF). */
async function isJpeg(file: UploadedFile): Promise<boolean> {
  const fh = await fs.promises.open(file.path, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await fh.read(head, 0, 3, 0);
    return bytesRead === 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  } finally {
    await fh.close();
  }
}

const coverUrl = (id: number) => `/api${ROUTES.community.getCommunityFile.path}?fileId=${id}`;

async function coversOf(db: Kysely<DB>, communityId: number): Promise<CommunityFile[]> {
  const rows = await db
    .selectFrom('stored_file')
    .select(['id', 'original_name', 'size'])
    .where('community_id', '=', communityId)
    .where('kind', '=', KIND)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, fileId: r.id, name: r.original_name, size: r.size, filepath: coverUrl(r.id), url: coverUrl(r.id) }));
}

async function communityName(db: Kysely<DB>, id: number): Promise<string> {
  const c = await db.selectFrom('community').select('name').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!c) throw notFound();
  return c.name;
}

/** getCommunityFiles: the covers of a community in scope. */
export async function communityFiles(ctx: AuthCtx, communityId: number): Promise<CommunityFile[]> {
  await communityName(ctx.db, communityId);
  await assertCommunity(ctx.db, ctx.caller, communityId);
  return coversOf(ctx.db, communityId);
}

/**
 * uploadCommunityFiles: func add keeps the sent images (JPEG by content, at most 1 MB
 * each, at most 3 per community; any failed check refuses the whole upload); func del
 * removes one cover. Answers the covers after the change.
 */
export async function changeCovers(
  ctx: AuthCtx,
  i: ParsedInput<R['uploadCommunityFiles']>,
  files: UploadedFile[],
): Promise<CommunityFile[]> {
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  if (i.func === 'del') return deleteCover(ctx, i.communityId, i.fileId ?? 0);
  if (!files.length) throw badRequest(msg('v.choose', { field: '@f.comm.file' }));
  for (const f of files) {
    if (!(await isJpeg(f))) throw badRequest('cover.onlyJpg');
    if (f.truncated || f.size > LIMITS.coverBytes) throw badRequest('cover.tooLarge');
    await assertImagePixels(f.path, 'cover.onlyJpg');
  }
  const kept: string[] = [];
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const name = await communityName(trx, i.communityId);
      const held = (await coversOf(trx, i.communityId)).length;
      if (held + files.length > LIMITS.coverImages) throw badRequest('cover.maxReached');
      const added: number[] = [];
      for (const f of files) {
        const rel = await keepFile(ctx.config, f, 'covers');
        kept.push(rel);
        const row = await trx
          .insertInto('stored_file')
          .values({
            kind: KIND,
            path: rel,
            mime: 'image/jpeg',
            size: f.size,
            original_name: f.filename.slice(0, 300),
            community_id: i.communityId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        added.push(row.id);
      }
      await writeOpLog(trx, ctx, {
        menu: 'project.project',
        content: msg('op.comm.coverAdd', { name, count: files.length }),
        communityId: i.communityId,
        after: { fileIds: added },
      });
      return coversOf(trx, i.communityId);
    });
  } catch (e) {
    await removeKept(ctx.config, kept);
    throw e;
  }
}

async function deleteCover(ctx: AuthCtx, communityId: number, fileId: number): Promise<CommunityFile[]> {
  const { rel, list } = await ctx.db.transaction().execute(async (trx) => {
    const name = await communityName(trx, communityId);
    const f = await trx
      .selectFrom('stored_file')
      .select(['id', 'path', 'original_name'])
      .where('id', '=', fileId)
      .where('community_id', '=', communityId)
      .where('kind', '=', KIND)
      .executeTakeFirst();
    if (!f) throw notFound();
    await trx.deleteFrom('stored_file').where('id', '=', f.id).execute();
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg('op.comm.coverDel', { name }),
      communityId,
      before: { fileId: f.id, name: f.original_name },
    });
    return { rel: f.path, list: await coversOf(trx, communityId) };
  });
  await removeKept(ctx.config, [rel]);
  return list;
}

/** getCommunityFile: streams a cover to a signed-in caller whose scope holds its community. */
export async function sendCover(ctx: AuthCtx, fileId: number, reply: FastifyReply): Promise<FastifyReply> {
  const stored = ctx.db
    .selectFrom('stored_file')
    .select(['path', 'community_id', 'size'])
    .where('id', '=', fileId)
    .where('kind', '=', KIND);
  const f = await keptInScope(ctx, await stored.executeTakeFirst());
  return reply
    .type('image/jpeg')
    .header('cache-control', 'private, max-age=300')
    .header('content-length', f.size)
    .send(fs.createReadStream(f.full));
}
