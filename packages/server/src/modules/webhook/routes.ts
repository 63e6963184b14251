import { DELIVERY_STATUS, msg, ROUTES } from '@gatehouse/contracts';
import { Answer, deletedAnswer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { createWebhook, deleteWebhooks, listDeliveries, listWebhooks, rotateSecret, sendTest, updateWebhook } from './service.ts';

const W = ROUTES.webhook;

export const webhookHandlers: Registered[] = [
  handle(W.getWebhooks, async (_input, ctx) => listWebhooks(ctx)),
  handle(W.createWebhook, async (input, ctx) => new Answer(200, await createWebhook(ctx, input), ['webhook.created'])),
  handle(W.updateWebhook, async (input, ctx) => new Answer(200, await updateWebhook(ctx, input), ['ok.saved'])),
  handle(W.rotateSecret, async (input, ctx) => new Answer(200, await rotateSecret(ctx, input.id), ['webhook.rotated'])),
  handle(W.deleteWebhooks, async (input, ctx) => deletedAnswer(await deleteWebhooks(ctx, input.ids))),
  handle(W.sendTest, async (input, ctx) => {
    const d = await sendTest(ctx, input.id);
    const ok = d.status === DELIVERY_STATUS.delivered;
    return new Answer(200, d, [
      ok
        ? msg('webhook.testDelivered', { code: d.responseCode })
        : msg('webhook.testFailed', { error: d.lastError || `HTTP ${d.responseCode}` }),
    ]);
  }),
  handle(W.getDeliveries, async (input, ctx) => listDeliveries(ctx, input)),
];
