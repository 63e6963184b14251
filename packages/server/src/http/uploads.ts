import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { msg } from '@gatehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError, notFound } from './errors.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  /** Temporary path; the service moves what it keeps with storeFile(). */
  path: string;
  size: number;
  truncated: boolean;
}

/** Streams a multipart request to temporary files, collecting the text fields. */
export async function readMultipart(
  req: FastifyRequest,
  config: Config,
): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  if (!req.isMultipart()) throw new AppError(400, ['err.badRequest']);
  const tmp = path.join(config.dataDir, 'tmp');
  await fs.promises.mkdir(tmp, { recursive: true });
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  let current = '';
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        current = part.filename;
        const p = path.join(tmp, crypto.randomUUID());
        await pipeline(part.file, fs.createWriteStream(p));
        const { size } = await fs.promises.stat(p);
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          path: p,
          size,
          truncated: part.file.truncated,
        });
      } else {
        const v = String(part.value ?? '');
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      }
    }
  } catch (e) {
    // A refused request (too many files, broken body) keeps none of its temporary files.
    await discardFiles(files);
    // The multipart size limit is the largest allowed upload (a notice attachment, 10 MB): name the file.
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(400, [msg('notice.fileTooLarge', { name: current })]);
    throw e;
  }
  return { fields, files };
}

/** Moves an uploaded file under DATA_DIR/files/<kind>/ and answers its relative path. */
export async function keepFile(config: Config, file: UploadedFile, kind: string): Promise<string> {
  const dir = path.join(config.dataDir, 'files', kind);
  await fs.promises.mkdir(dir, { recursive: true });
  const rel = path.join('files', kind, `${crypto.randomUUID()}${path.extname(file.filename).toLowerCase().slice(0, 10)}`);
  await fs.promises.rename(file.path, path.join(config.dataDir, rel));
  return rel;
}

/** Removes kept files (relative paths under DATA_DIR, as `keepFile` answers them); one already gone is no error. */
export async function removeKept(config: Config, rels: readonly string[]): Promise<void> {
  await Promise.all(rels.map((rel) => fs.promises.rm(path.join(config.dataDir, rel), { force: true })));
}

/** The absolute path of a kept file, for sending it; 404 when it is no longer on disk. */
export function keptPath(config: Config, rel: string): string {
  const full = path.join(config.dataDir, rel);
  if (!fs.existsSync(full)) throw notFound();
  return full;
}

export async function discardFiles(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((f) => fs.promises.rm(f.path, { force: true })));
}
