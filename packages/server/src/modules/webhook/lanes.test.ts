/** One slow receiver delays none of the others (issue 37, item 3). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookWithSecret } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { enqueueWebhooks } from './delivery-queue.ts';
import { deliveryLanes, PER_WEBHOOK } from './worker.ts';

/** A receiver on its own port; `hold` keeps every answer back until `release()`. */
async function receiver(hold: boolean) {
  const waiting: http.ServerResponse[] = [];
  let held = hold;
  let got = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got++;
      if (held) waiting.push(res);
      else res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got: () => got,
    release() {
      held = false;
      for (const res of waiting.splice(0)) res.end('ok');
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('webhook delivery lanes', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp({ config: { WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_POLL_MS: 0 } });
    ({ token: admin } = await t.signIn({ roleId: 1 }));
  });
  afterAll(async () => t?.close());

  it('a fast receiver gets all its deliveries while a slow one has not answered its first', async () => {
    const slow = await receiver(true);
    const fast = await receiver(false);
    const hook = async (url: string) =>
      (await t.post<WebhookWithSecret>('/webhook/createWebhook', { url, kinds: 'access' }, admin)).body.content.id;
    const slowId = await hook(slow.url);
    const fastId = await hook(fast.url);
    const n = PER_WEBHOOK * 2;
    for (let i = 0; i < n; i++) await enqueueWebhooks(t.db, 'access', { n: i });
    const delivered = async (id: number) =>
      (await t.db.selectFrom('webhook_delivery').select('id').where('webhook_id', '=', id).where('status', '=', 1).execute()).length;

    const lanes = deliveryLanes(t.db, t.config);
    const errors: unknown[] = [];
    // Polls as the background worker does, until the fast receiver has every delivery.
    await until(
      async () => {
        await lanes.poll((e) => errors.push(e));
        return (await delivered(fastId)) === n;
      },
      30_000,
      'the fast receiver has every delivery',
    );
    expect(fast.got()).toBe(n);
    // The slow receiver still holds its first answer (a webhook's deliveries go one at a time, in order).
    expect(slow.got()).toBe(1);
    expect(await delivered(slowId)).toBe(0);

    slow.release();
    await lanes.idle();
    await until(
      async () => {
        await lanes.poll((e) => errors.push(e));
        await lanes.idle();
        return (await delivered(slowId)) === n;
      },
      30_000,
      'the slow receiver has every delivery',
    );
    expect(errors).toEqual([]);
    await Promise.all([slow.close(), fast.close()]);
  });
});
