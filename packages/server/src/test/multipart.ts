import crypto from 'node:crypto';
import type { Envelope } from '@gatehouse/contracts';
import type { TestApp } from './harness.ts';

export interface FilePart {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body of text fields and files, as a browser sends it. */
export function multipartBody(
  fields: Record<string, string | number | string[]>,
  files: FilePart[],
): { payload: Buffer; contentType: string } {
  const boundary = `----gh${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const]))) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a multipart upload to /api<url> and answers the status and envelope. */
export async function upload<T = unknown>(
  t: TestApp,
  url: string,
  fields: Record<string, string | number>,
  files: FilePart[],
  token?: string,
): Promise<{ statusCode: number; body: Envelope<T> }> {
  const { payload, contentType } = multipartBody(fields, files);
  const headers: Record<string, string> = { 'content-type': contentType, 'x-lang': 'english' };
  if (token) headers.token = token;
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
  return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
}
