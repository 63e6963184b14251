import { LIVE_HEARTBEAT_MS, LIVE_KIND_MENUS, LIVE_KINDS, type LiveKind, menuByKey } from '@gatehouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, rereadCaller } from '../../http/auth.ts';
import type { AuthCtx } from '../../http/context.ts';
import type { Caller } from '../../http/caller.ts';
import { tooMany } from '../../http/errors.ts';
import { listScope } from '../../http/scope.ts';
import { type LiveClient, type LiveCursor, parseLiveId } from '../../live/hub.ts';
import type { GuardedStream } from '../../live/streams.ts';

/** A stream further behind than this (bytes the socket has not taken) is dropped; the browser resumes by Last-Event-ID. */
const MAX_BUFFERED = 4 * 1024 * 1024;
/** Seconds a refused stream (over the caps) is told to wait. */
const STREAM_RETRY_S = 30;

/** The kinds a caller receives: those whose menus it holds (LIVE_KIND_MENUS). */
export const kindsOf = (caller: Caller): Set<LiveKind> =>
  new Set(LIVE_KINDS.filter((k) => LIVE_KIND_MENUS[k].some((m) => caller.menuIds.has(menuByKey(m).id))));

/** Last-Event-ID (header, as the browser's reader sends it), or null. */
export function lastEventId(req: FastifyRequest): LiveCursor | null {
  const raw = req.headers['last-event-id'];
  return parseLiveId(Array.isArray(raw) ? raw[0] : raw);
}

/**
 * GET /api/live/stream: Server-Sent Events. Scope and menus are read when the stream
 * opens, and again whenever what decides callers may have changed and at every heartbeat
 * (live/streams.ts): the stream ends once its session no longer counts (signed out, revoked,
 * disabled, idle, expired) and carries only what its caller may see now (a withdrawn menu, a
 * move to another community). At most STREAMS_PER_SESSION per session and STREAMS_PER_CLIENT per
 * client address on an instance (429 beyond).
 */
export async function openStream(ctx: AuthCtx, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const streams = ctx.live.streams;
  if (!streams.fits(ctx.caller.sessionId, ctx.ip)) throw tooMany(STREAM_RETRY_S, 'live.tooManyStreams');
  const header = req.headers.token;
  const tokenHash = hashToken(typeof header === 'string' ? header : '');
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
  const guarded: GuardedStream = {
    sessionId: ctx.caller.sessionId,
    ip: ctx.ip,
    reread: () => rereadCaller(ctx.db, ctx.config, tokenHash),
    async narrow(caller) {
      client.kinds = kindsOf(caller);
      client.scope = await listScope(ctx.db, caller);
    },
    end: () => finish(),
  };
  streams.add(guarded);
  const heartbeat = setInterval(() => {
    if (!open) return;
    res.write(': hb\n\n');
    streams.check(guarded).catch(() => {});
  }, LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  function finish() {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    streams.remove(guarded);
    hub.detach(client);
    res.end();
  }
  req.raw.on('close', finish);
  res.on('error', finish);
  const complete = await hub.attach(client, lastEventId(req));
  // Some events were already pruned: the browser reloads its lists.
  if (!complete && open) res.write('event: reset\ndata: {}\n\n');
}
