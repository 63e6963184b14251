import type { FastifyRequest } from 'fastify';

/** The most of a refused body read and dropped before answering; past it the connection is closed. */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

/**
 * Reads and drops what is left of a request body that was refused before it was read
 * to its end (a multipart file over its limit, a form over the body limit). Answering
 * while the client is still sending makes the server close a socket with unread data,
 * which the client sees as a reset connection instead of the 400; once the body is
 * drained the answer arrives on a healthy connection. Nothing is held while draining.
 */
export async function drainBody(req: FastifyRequest, maxBytes = DRAIN_MAX_BYTES): Promise<void> {
  const raw = req.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => {
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}
