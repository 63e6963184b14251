import { ROUTES } from '@gatehouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { emqxAuthenticate, emqxAuthorize, HOOK_FAILS_MAX, HOOK_FAILS_WINDOW_SEC, hookSecretOk } from '../../devices/provision/emqx-http.ts';
import type { Ctx } from '../../http/context.ts';
import { notFound, tooMany, unauthorized } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';

/** The shared secret first: unset → 404 (hooks off); wrong → 401, and 429 once an address keeps trying. */
async function guard(ctx: Ctx, req: FastifyRequest): Promise<void> {
  const secret = ctx.config.MQTT_HTTP_AUTH_SECRET;
  if (!secret) throw notFound('mqtt.hooksOff');
  if (hookSecretOk(req.headers.authorization, secret)) return;
  const r = await ctx.limiter.hit(`mqtt:hook:${ctx.ip}`, HOOK_FAILS_MAX, HOOK_FAILS_WINDOW_SEC);
  if (!r.allowed) throw tooMany(r.retryAfter);
  throw unauthorized('mqtt.badSharedSecret');
}

const answer = (reply: FastifyReply, body: unknown) => reply.code(200).header('cache-control', 'no-store').send(body);

/** EMQX 5's HTTP authenticator and authorizer (docs/mqtt-broker.md). */
export const mqttHandlers: Registered[] = [
  handle(ROUTES.mqtt.auth, async (input, ctx, { req, reply }) => {
    await guard(ctx, req);
    answer(reply, await emqxAuthenticate(ctx, input));
    return undefined;
  }),
  handle(ROUTES.mqtt.acl, async (input, ctx, { req, reply }) => {
    await guard(ctx, req);
    answer(reply, await emqxAuthorize(ctx, input));
    return undefined;
  }),
];
