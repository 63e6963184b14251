import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { allRoutes, LIMITS, msg, STATUS } from '@gatehouse/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import qs from 'node:querystring';
import type { Services } from './http/context.ts';
import { drainBody } from './http/drain.ts';
import { AppError } from './http/errors.ts';
import { openApiDocument } from './http/openapi.ts';
import { webAssetOptions } from './http/web-assets.ts';
import { langOfRequest, registerRoutes, requestLang, sendEnvelope } from './http/route.ts';
import { registerMetrics } from './metrics/route.ts';
import { registerUnitRoutes } from './http/unit-routes.ts';
import { collectAreas } from './modules/area.ts';
import { AREAS } from './modules/index.ts';

export const VERSION = '0.1.0';

const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
      mediaSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Query parameters that carry secrets (codes, passwords, tokens) never reach the log. */
const SECRET_PARAMS = /([?&](?:vcode|dx|pwd|confirmPwd|password|oldPwd|token|secret)=)[^&]*/gi;
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1***');
const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the Fastify app (plugins, modules, envelope); main.ts listens. */
export async function buildApp(services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      services.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: services.config.LOG_LEVEL,
            redact: ['req.headers.token', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
          },
    // X-Forwarded-For is believed only from the configured proxies (docs/security.md, "Trusted proxies").
    trustProxy: services.config.TRUST_PROXY?.length ? services.config.TRUST_PROXY : false,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { querystringParser: (s: string) => qs.parse(s) },
  });

  // Security headers on every answer, from helmet's middleware built once (the Fastify plugin builds it anew per request).
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(cookie);
  await app.register(formbody, { parser: (s) => qs.parse(s) });
  await app.register(multipart, { limits: { fileSize: LIMITS.noticeFileBytes, files: LIMITS.noticeFiles, fields: 50 } });

  app.setErrorHandler(async (err, req, reply) => {
    await drainBody(req);
    const lang = langOfRequest.get(req) ?? requestLang(req);
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
      return sendEnvelope(reply, lang, err.status, err.content, err.msgs);
    }
    const code = (err as { statusCode?: number }).statusCode ?? 500;
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
      return sendEnvelope(reply, lang, 400, null, [msg('notice.tooManyFiles', { max: LIMITS.noticeFiles })]);
    }
    if (code === 413 || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendEnvelope(reply, lang, 400, null, ['err.fileTooLarge']);
    }
    if (code >= 400 && code < 500) return sendEnvelope(reply, lang, 400, null, ['err.badRequest']);
    req.log.error({ err }, 'unhandled error');
    return sendEnvelope(reply, lang, STATUS.error, null, ['err.internal']);
  });

  // Open live streams would keep close() waiting: end them first (browsers resume by Last-Event-ID).
  app.addHook('preClose', async () => services.live.hub.endStreams());
  // Before the routes, so that every route's answers are timed.
  if (services.metrics) registerMetrics(app, services.metrics, services.config.METRICS_TOKEN);
  const { handlers } = collectAreas(AREAS);
  registerRoutes(app, services, handlers);
  const declared = allRoutes().map((r) => `${r.method} ${r.path}`);
  const handled = new Set(handlers.map((h) => `${h.route.method} ${h.route.path}`));
  const missing = declared.filter((d) => !handled.has(d));
  if (missing.length) throw new Error(`routes without a handler: ${missing.join(', ')}`);

  app.get('/api/openapi.json', async () => openApiDocument(VERSION));
  // What vendor door units call (ZKTeco PUSH, the Hikvision event host): their adapters' routes.
  await registerUnitRoutes(app, services.devices.routes?.() ?? []);

  const dist = services.config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, webAssetOptions(dist));
  app.setNotFoundHandler((req, reply) => {
    // /metrics unknown (METRICS off) is a 404 too, not the web app's page.
    if (req.url.startsWith('/api/') || !hasWeb || req.method !== 'GET' || /^\/metrics(\?|$)/.test(req.url)) {
      return sendEnvelope(reply.code(404), requestLang(req), STATUS.notFound, null, ['err.routeNotFound']);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
