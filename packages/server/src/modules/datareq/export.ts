import { Readable } from 'node:stream';
import { msg, type PersonSummary } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { EXPORT_ROWS_HEADER, fileHeaders } from '../../xlsx/write.ts';
import { findPerson, type Person } from './person.ts';
import type { Attachment, Cell, ExportSection, SectionCtx } from './section.ts';
import { EXPORT_SECTIONS } from './sections.ts';

export const MENU = 'access.review' as const;

type Subject = { account?: string; addressId?: number };

const sectionCtx = (ctx: AuthCtx, person: Person): SectionCtx => ({
  db: ctx.db,
  config: ctx.config,
  lang: ctx.lang,
  tz: ctx.config.TZ_NAME,
  person,
});

async function summarise(c: SectionCtx, sections: readonly ExportSection[] = EXPORT_SECTIONS) {
  const counts = await Promise.all(sections.map((s) => s.count(c)));
  const attachments = (await Promise.all(sections.map((s) => s.attachments?.(c) ?? Promise.resolve([])))).flat();
  return { counts, attachments };
}

/** getPersonSummary: who the export is about and how many rows each part holds (nothing is written). */
export async function personSummary(ctx: AuthCtx, i: Subject): Promise<PersonSummary> {
  const person = await findPerson(ctx, i);
  const { counts, attachments } = await summarise(sectionCtx(ctx, person));
  return {
    subject: person.text,
    sections: EXPORT_SECTIONS.map((s, k) => ({ name: s.name, title: t(ctx.lang, s.title), rows: counts[k] ?? 0 })),
    files: attachments.length,
  };
}

/** One CSV line (RFC 4180); a text a spreadsheet would run as a formula is kept as text. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells
    .map((v) => {
      if (v === null) return '';
      let s = String(v);
      if (typeof v === 'string' && /^[=+@\t\r-]/.test(s) && !/^[+-]?\d/.test(s)) s = `'${s}`;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',')}\r\n`;
}

/** A section's CSV, produced as the zip reads it (a byte order mark first: spreadsheets read it as UTF-8). */
async function* csv(c: SectionCtx, s: ExportSection): AsyncGenerator<string> {
  yield `\ufeff${csvLine(s.columns.map((k) => t(c.lang, k)))}`;
  let chunk = '';
  for await (const row of s.rows(c)) {
    chunk += csvLine(row);
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * exportPerson: one zip holding a CSV per section and the face photos and visitor-pass QR images
 * (photos/, qrcodes/). The op log records who exported whose data before the answer starts; the
 * zip is streamed (each section's rows read as the client takes them: flat memory whatever the
 * number of events), its total rows in `x-export-rows` for the browser's progress.
 */
export async function exportPerson(ctx: AuthCtx, i: Subject, reply: FastifyReply): Promise<void> {
  const person = await findPerson(ctx, i);
  const c = sectionCtx(ctx, person);
  const { counts, attachments } = await summarise(c);
  const rows = counts.reduce((a, b) => a + b, 0);
  await ctx.db.transaction().execute((trx) =>
    writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg('op.datareq.export', { subject: person.text, rows, files: attachments.length }),
      communityId: person.communityId,
      after: { subject: person.text, kind: person.kind, sections: Object.fromEntries(EXPORT_SECTIONS.map((s, k) => [s.name, counts[k]])) },
    }),
  );
  const zip = new yazl.ZipFile();
  // The part being read: a client gone mid-download ends it (its query's stream closes with it).
  const reading = new Set<Readable>();
  const lazily = (make: () => Readable) => (cb: (err: Error | null, s: Readable) => void) => {
    const s = make();
    reading.add(s);
    s.once('close', () => reading.delete(s));
    cb(null, s);
  };
  for (const s of EXPORT_SECTIONS)
    zip.addReadStreamLazy(
      `${s.name}.csv`,
      lazily(() => Readable.from(csv(c, s))),
    );
  for (const a of attachments)
    zip.addReadStreamLazy(
      a.name,
      { compress: false },
      lazily(() => Readable.from(attachmentBytes(a))),
    );
  zip.end();
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return;
    for (const s of reading) s.destroy();
    (zip.outputStream as unknown as Readable).destroy();
  });
  reply.header(EXPORT_ROWS_HEADER, String(rows));
  const name = `personal-data-${person.text.replace(/[^\p{L}\p{N}-]+/gu, '_').slice(0, 60)}.zip`;
  await fileHeaders(reply, name, 'application/zip').send(zip.outputStream);
}

async function* attachmentBytes(a: Attachment): AsyncGenerator<Buffer> {
  const b = await a.read();
  if (b) yield b;
}
