import { type Access, LANGS, type Lang, langFromCode, menuByKey, type RouteDef, STATUS } from '@gatehouse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readCaller } from './auth.ts';
import type { AuthCtx, Ctx, Services } from './context.ts';
import type { Caller } from './caller.ts';
import { Answer, AppError, forbidden, unauthorized } from './errors.ts';
import { inputMessages, t } from './i18n.ts';
import { discardFiles, readMultipart, type UploadedFile } from './uploads.ts';

type Out<R> = R extends RouteDef<z.ZodType, infer O> ? O : never;
type In<R> = R extends RouteDef<infer I, unknown> ? z.output<I> : never;
type CtxFor<R> = R extends RouteDef<z.ZodType, unknown> ? (R['access'] extends 'public' ? Ctx : AuthCtx) : never;

export interface HandlerExtras {
  req: FastifyRequest;
  reply: FastifyReply;
  files: UploadedFile[];
}

export type Handler<R> = (
  input: In<R>,
  ctx: CtxFor<R>,
  extras: HandlerExtras,
) => Promise<Out<R> | Answer<Out<R>> | Answer<unknown> | undefined>;

export interface Registered {
  route: RouteDef;
  handler: Handler<RouteDef>;
}

/** Pairs a route of the table with its handler (thin: parse, authorize, call, present). */
export const handle = <R extends RouteDef>(route: R, handler: Handler<R>): Registered => ({
  route,
  handler: handler as unknown as Handler<RouteDef>,
});

/** The end of a raw route's handler: `work` sends the reply itself (a file, a workbook), so nothing is enveloped. */
export async function repliedBy(work: Promise<unknown>): Promise<undefined> {
  await work;
  return undefined;
}

/** The language each request was answered in (the error handler reads it). */
export const langOfRequest = new WeakMap<FastifyRequest, Lang>();

/** The session language: the caller's, else the x-lang header or gh_lang cookie (china1/china2/english or a locale). */
export function requestLang(req: FastifyRequest): Lang {
  const raw = (req.headers['x-lang'] as string | undefined) ?? req.cookies?.gh_lang;
  if (raw && (LANGS as readonly string[]).includes(raw)) return raw as Lang;
  return langFromCode(raw);
}

export function sendEnvelope(reply: FastifyReply, lang: Lang, status: number, content: unknown, msgs: string[] = []) {
  const rendered = [...new Set(msgs.map((m) => t(lang, m)))];
  return reply.code(status >= 400 ? status : 200).send({ status, msgs: rendered, content });
}

export function checkAccess(access: Access, caller: Caller): void {
  if (access === 'public' || access === 'session') return;
  if (access.roles && !access.roles.includes(caller.roleId as never)) throw forbidden();
  const ok = access.menus.some((k) => caller.menuIds.has(menuByKey(k).id));
  if (!ok) throw forbidden();
}

/** A paged list: a GET answering JSON whose input has `page` (db/plans.test.ts reads the plans of each). */
export function isPagedRead(route: RouteDef): boolean {
  const shape = (route.input as { shape?: Record<string, unknown> }).shape;
  return route.method === 'GET' && route.kind === 'json' && !!shape && 'page' in shape;
}

/** Registers every route under /api with input validation, access checks and the envelope. */
export function registerRoutes(app: FastifyInstance, services: Services, regs: Registered[]): void {
  for (const { route, handler } of regs) {
    if (!route.access) throw new Error(`route ${route.module}.${route.name} declares no access`);
    /** The route's answer for a caller (or none): access, input, handler; nothing sent yet. */
    const answer = async (req: FastifyRequest, reply: FastifyReply, found: { caller: Caller; lang: string } | null, hadToken: boolean) => {
      const lang = found ? (found.lang as Lang) : requestLang(req);
      const caller = found?.caller ?? null;
      langOfRequest.set(req, lang);
      if (route.access !== 'public') {
        if (!caller) throw unauthorized(hadToken ? 'err.sessionExpired' : 'err.unauthorized');
        checkAccess(route.access, caller);
      }
      const ctx: Ctx = { ...services, lang, ip: req.ip, caller };
      let files: UploadedFile[] = [];
      let raw: unknown;
      if (route.kind === 'multipart') {
        const parsed = await readMultipart(req, services.config);
        files = parsed.files;
        raw = parsed.fields;
      } else {
        raw = route.method === 'GET' ? req.query : (req.body ?? {});
      }
      try {
        const parsed = route.input.safeParse(raw);
        if (!parsed.success) {
          throw new AppError(STATUS.badRequest, inputMessages(parsed.error.issues.map((i) => i.message)));
        }
        return { lang, result: await handler(parsed.data as never, ctx as never, { req, reply, files }) };
      } finally {
        if (files.length) await discardFiles(files);
      }
    };
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      handler: async (req, reply) => {
        const header = req.headers.token;
        const token = typeof header === 'string' && header ? header : null;
        const { callers } = services;
        const changesBefore = callers.changes();
        const found = token ? await readCaller(services.db, services.config, token, callers) : null;
        let answered: Awaited<ReturnType<typeof answer>>;
        try {
          answered = await answer(req, reply, found, !!token);
        } finally {
          // A request that wrote what decides callers answers once every instance has taken it in (http/caller-watch.ts).
          if (callers.changes() !== changesBefore) await callers.settle();
        }
        const { lang, result } = answered;
        if (route.kind === 'raw') return reply;
        if (result instanceof Answer) return sendEnvelope(reply, lang, result.status, result.content, result.msgs);
        return sendEnvelope(reply, lang, STATUS.ok, result ?? null);
      },
    });
  }
}
