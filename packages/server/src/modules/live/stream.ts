import { LIVE_HEARTBEAT_MS, LIVE_KIND_MENUS, LIVE_KINDS, type LiveKind, menuByKey } from '@gatehouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AuthCtx, Caller } from '../../http/context.ts';
import { listScope } from '../../http/scope.ts';
import type { LiveClient } from '../../live/hub.ts';

/** A stream further behind than this (bytes the socket has not taken) is dropped; the browser resumes by Last-Event-ID. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/** The kinds a caller receives: those whose menus it holds (LIVE_KIND_MENUS). */
export const kindsOf = (caller: Caller): Set<LiveKind> =>
  new Set(LIVE_KINDS.filter((k) => LIVE_KIND_MENUS[k].some((m) => caller.menuIds.has(menuByKey(m).id))));

/** Last-Event-ID (header, as the browser's reader sends it), or null. */
export function lastEventId(req: FastifyRequest): number | null {
  const raw = req.headers['last-event-id'];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/**
 * GET /api/live/stream: Server-Sent Events. Scope and menus are read when the stream
 * opens; the session is checked again at every heartbeat and the stream ends when it
 * is no longer valid (signed out, expired, revoked).
 */
export async function openStream(ctx: AuthCtx, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const scope = await listScope(ctx.db, ctx.caller);
  const kinds = kindsOf(ctx.caller);
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(`retry: 3000\n: kinds ${[...kinds].join(',')}\n\n`);
  res.flushHeaders?.();
  let open = true;
  const hub = ctx.live.hub;
  const client: LiveClient = {
    kinds,
    scope,
    write(frame) {
      if (!open) return false;
      res.write(frame);
      return res.writableLength < MAX_BUFFERED;
    },
    end() {
      finish();
    },
  };
  const sessionId = ctx.caller.sessionId;
  const heartbeat = setInterval(() => {
    if (!open) return;
    res.write(': hb\n\n');
    ctx.db
      .selectFrom('session')
      .select('id')
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst()
      .then((row) => {
        if (!row) finish();
      })
      .catch(() => {});
  }, LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  function finish() {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    hub.detach(client);
    res.end();
  }
  req.raw.on('close', finish);
  res.on('error', finish);
  const complete = await hub.attach(client, lastEventId(req));
  // Some events were already pruned: the browser reloads its lists.
  if (!complete && open) res.write('event: reset\ndata: {}\n\n');
}
