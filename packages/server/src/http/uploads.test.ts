import net from 'node:net';
import { ROUTES } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/harness.ts';
import { makeJpeg } from '../test/images.ts';
import { multipartBody, upload } from '../test/multipart.ts';

/**
 * Oversized uploads over a real socket, sent the way many clients send them: the whole
 * body first, the answer read afterwards. The refusal must arrive as a 400 envelope,
 * not as a reset connection.
 */
let t: TestApp;
let token: string;
let community: number;
let port: number;
beforeAll(async () => {
  t = await testApp();
  token = (await t.signIn({ roleId: 1 })).token;
  community = await t.createCommunity('Uploads');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/**
 * Writes a whole request, then answers what came back once every byte was written. An
 * error while writing (the server closed the socket on an unread body: a reset for
 * the client, whose answer is then lost on a real network) is the outcome, whatever
 * was read before it.
 */
function sendWhole(
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  chunked = false,
): Promise<{ status: number; json: unknown } | { error: string }> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    let written = false;
    const answer = () => {
      const text = Buffer.concat(got).toString();
      const m = /^HTTP\/1\.1 (\d+)/.exec(text);
      const at = text.indexOf('\r\n\r\n');
      if (!m || at < 0) return null;
      try {
        return { status: Number(m[1]), json: JSON.parse(text.slice(at + 4)) };
      } catch {
        return null;
      }
    };
    const settle = () => {
      const a = answer();
      if (!written || !a) return;
      s.destroy();
      resolve(a);
    };
    s.on('data', (d) => {
      got.push(d);
      settle();
    });
    s.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? String(e) }));
    s.on('close', () => resolve({ error: 'closed without an answer' }));
    const length = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
    const head = Object.entries({ ...headers, ...length, token, 'x-lang': 'english', connection: 'close' })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    s.write(`POST /api${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n`);
    // No half-close after the body: like most clients, keep the socket open for the answer.
    const payload = chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body;
    s.write(payload, (err) => {
      if (err) return;
      written = true;
      settle();
    });
  });
}

const photo20MB = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024, 7)]);

describe('oversized uploads', () => {
  it('a 20 MB cover (multipart, over the file limit) answers 400, not a reset', async () => {
    const m = multipartBody({ communityId: community, func: 'add' }, [{ name: 'big.jpg', type: 'image/jpeg', data: photo20MB() }]);
    const res = await sendWhole(ROUTES.community.uploadCommunityFiles.path, { 'content-type': m.contentType }, m.payload);
    expect(res).toEqual({ status: 400, json: { status: 400, msgs: ['big.jpg exceeds 10M and is not allowed'], content: null } });
  });

  it('a 20 MB face photo to checkFaceValid, sent chunked, answers 400, not a reset', async () => {
    const form = Buffer.from(`imgBase64=${encodeURIComponent(photo20MB().toString('base64'))}`);
    const res = await sendWhole(ROUTES.face.checkFaceValid.path, { 'content-type': 'application/x-www-form-urlencoded' }, form, true);
    expect(res).toEqual({ status: 400, json: { status: 400, msgs: ['The file is too large'], content: null } });
  });

  it('a 500 KB JPEG declaring 8000x8000 pixels is refused on its header, as a face photo and as a cover', async () => {
    const bomb = makeJpeg({ width: 8000, height: 8000 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const face = await t.post(ROUTES.face.checkFaceValid.path, { imgBase64: bomb.toString('base64') }, token);
    expect(face.body.msgs).toEqual(['The image cannot exceed 40 megapixels']);
    const cover = await upload(
      t,
      ROUTES.community.uploadCommunityFiles.path,
      { communityId: community, func: 'add' },
      [{ name: 'c.jpg', type: 'image/jpeg', data: bomb }],
      token,
    );
    expect(cover.body.msgs).toEqual(['The image cannot exceed 40 megapixels']);
  });

  it('the server answers normally afterwards', async () => {
    expect((await t.get(ROUTES.session.health.path)).statusCode).toBe(200);
  });
});
