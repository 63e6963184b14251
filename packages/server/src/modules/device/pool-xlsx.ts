import {
  HARDWARE,
  isAddressedKind,
  LANGS,
  msg,
  type ParsedInput,
  poolAddInput,
  type poolRoutes,
  UNIT_KINDS,
  type UnitKind,
} from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { runImport, sendTemplate, templateHeaders } from '../../xlsx/import-runner.ts';
import type { ImportReport } from '@gatehouse/contracts';
import { type ColumnEntry, HARDWARE_COLUMNS, importColumns } from '../../xlsx/columns.ts';
import { uniqueColumnErrors } from '../../xlsx/unique-rows.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import { filteredPool, newDevice } from './pool.ts';

/** The kind and an addressed unit's address, port and user: imported and exported. */
const KIND_COLUMNS: readonly ColumnEntry[] = [
  ['unitKind', 'kind'],
  ['vendorHost', 'host'],
  ['vendorPort', 'port'],
  ['vendorUser', 'user'],
];
const BASE_COLUMNS = importColumns('col.dev', ['name', ['regNo', 'serial'], 'isVilla', ...HARDWARE_COLUMNS, 'note', ...KIND_COLUMNS]);
/**
 * Columns of the template and import (keys are the add form's fields, checked by its schema): an
 * addressed unit's password too, sealed as the dialog seals it and blanked in the kept source file.
 * The export has the others, never the password.
 */
const COLUMNS = [...BASE_COLUMNS, ...importColumns('col.dev', [['vendorPassword', 'vendorPassword']])];
const EXPORT_COLUMNS = BASE_COLUMNS;
const BITS = {
  faceSupported: HARDWARE.face,
  qrcodeSupported: HARDWARE.qrcode,
  cardSupported: HARDWARE.card,
  pwdSupported: HARDWARE.password,
} as const;
const YES = new Set(['1', 'y', 'yes', 'true', '是', '√', '✓']);
const NO = new Set(['0', 'n', 'no', 'false', '否', '']);

/**
 * Yes/No cells (any language) to the form's values: the bit, or 0. An empty
 * single-family cell stays empty (required); any other text becomes -1, which the
 * form's rule refuses as invalid.
 */
function yesNo(v: unknown, on: number, required = false): unknown {
  const s = String(v ?? '')
    .trim()
    .toLowerCase();
  if (required && s === '') return '';
  return YES.has(s) ? on : NO.has(s) ? 0 : -1;
}

/** A kind cell: its code or its name in any language (any case); blank: gatehouse-mqtt; other text stays, for the schema to refuse. */
function kindOf(v: unknown): unknown {
  const s = String(v ?? '').trim();
  if (!s) return undefined;
  const named = UNIT_KINDS.find((k) => [k, ...LANGS.map((l) => t(l, `unitKind.${k}`))].some((n) => n.toLowerCase() === s.toLowerCase()));
  return named ?? s;
}

/** One spreadsheet row, checked by the add form's schema. */
const rowSchema = z.preprocess((raw) => {
  const r = (raw ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...r, isVilla: yesNo(r.isVilla, 1, true) };
  for (const [k, bit] of Object.entries(BITS)) out[k] = yesNo(r[k], bit);
  out.unitKind = kindOf(r.unitKind);
  return out;
}, poolAddInput);

const sheetName = (ctx: AuthCtx) => t(ctx.lang, 'sheet.pool');
const yn = (ctx: AuthCtx, on: boolean) => t(ctx.lang, on ? 'dev.yes' : 'dev.no');

export async function poolTemplate(ctx: AuthCtx, reply: FastifyReply): Promise<void> {
  const flags = [yn(ctx, true), yn(ctx, true), yn(ctx, true), yn(ctx, false)];
  const kind = (k: UnitKind) => t(ctx.lang, `unitKind.${k}`);
  // One row a kind; a kind reached at an address gets an example address, port, user and password.
  const examples = UNIT_KINDS.map((k, i) => [
    `${i + 1}号门口机`,
    `GH202400000${i + 1}`,
    yn(ctx, false),
    ...flags,
    '',
    kind(k),
    ...(isAddressedKind(k) ? ['192.168.1.64', 80, 'admin', 'Passw0rd!'] : ['', '', '', '']),
  ]);
  await sendTemplate(ctx, reply, 'sheet.pool', COLUMNS, examples);
}

/** Exports the pool with the list's filters (every matching row, keyset-paged). */
export async function exportPool(ctx: AuthCtx, i: ParsedInput<typeof poolRoutes.exportPool>, reply: FastifyReply): Promise<void> {
  async function* rows() {
    let last = 0;
    for (;;) {
      const part = await filteredPool(ctx.db, i).where('d.id', '>', last).orderBy('d.id').limit(1000).execute();
      for (const r of part) {
        yield [
          r.name,
          r.serial,
          yn(ctx, r.is_villa === 1),
          ...Object.values(BITS).map((b) => yn(ctx, (r.hardware & b) > 0)),
          r.note,
          t(ctx.lang, `unitKind.${r.unit_kind as UnitKind}`),
          r.vendor_host ?? '',
          r.vendor_port ?? '',
          r.vendor_user ?? '',
        ];
      }
      if (part.length < 1000) return;
      last = part[part.length - 1]?.id ?? last;
    }
  }
  await streamWorkbook(reply, `${sheetName(ctx)}.xlsx`, sheetName(ctx), templateHeaders(ctx, EXPORT_COLUMNS), rows());
}

/** Imports pool entries (all rows or none; each wrong row reported), serials unique in the pool and in the file. */
export function importPool(ctx: AuthCtx, files: UploadedFile[]): Promise<ImportReport> {
  return runImport(ctx, {
    file: files[0],
    columns: COLUMNS,
    rowSchema,
    messageType: 3,
    communityId: null,
    menu: 'project.pool',
    title: 'import.title.pool',
    secretColumns: ['vendorPassword'],
    async check(rows, trx) {
      const existing = new Set(
        (
          await trx
            .selectFrom('device')
            .select('serial')
            .where(
              'serial',
              'in',
              rows.map((r) => r.regNo),
            )
            .execute()
        ).map((r) => r.serial.toLowerCase()),
      );
      return uniqueColumnErrors(rows, 'regNo', existing, {
        taken: (regNo) => msg('pool.serialTaken', { regNo }),
        repeated: (regNo) => msg('pool.duplicateInFile', { regNo }),
      });
    },
    async apply(rows, trx) {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('device')
          .values(rows.slice(i, i + 1000).map((r) => newDevice(ctx, r)))
          .execute();
      }
    },
  });
}
