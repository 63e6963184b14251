import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { streamWorkbook } from './write.ts';

async function* failingRows(): AsyncIterable<(string | number | null)[]> {
  yield ['first', 1];
  throw new Error('the row source failed');
}

describe('streamWorkbook', () => {
  it('cuts a started download short when its rows fail, without a second answer', async () => {
    const app = Fastify({ logger: false });
    let handlerError: unknown;
    app.setErrorHandler((err, _req, reply) => {
      handlerError = err;
      return reply.code(500).send({ status: 500 });
    });
    app.get('/export', async (_req, reply) => {
      await streamWorkbook(reply, 'x.xlsx', 'Sheet', ['a', 'b'], failingRows());
      return reply;
    });
    const res = await app.inject({ method: 'GET', url: '/export' }).catch((e: Error) => e);
    await app.close();
    // The headers went out first: the only honest outcome is a broken download, not an envelope.
    expect(handlerError).toBeUndefined();
    if (!(res instanceof Error)) expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
