import { ADDRESS_TYPES, addressFields, hardwareOf, HARDWARE, LANGS, msg } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { assertCommunity } from '../../http/scope.ts';
import { runImport, sendTemplate } from '../../xlsx/import-runner.ts';
import type { ImportReport } from '@gatehouse/contracts';
import { HARDWARE_COLUMNS, importColumns } from '../../xlsx/columns.ts';
import { uniqueColumnErrors } from '../../xlsx/unique-rows.ts';

/** Import-history message type of addresses (001 §4). */
const MESSAGE_TYPE_ADDRESS = 1;

export const ADDRESS_COLUMNS = importColumns('col.addr', ['address', 'name', 'type', 'isVilla', ...HARDWARE_COLUMNS]);

const words = (key: string) => LANGS.map((l) => t(l, key).toLowerCase());
const YES = new Set(['1', 'y', 'yes', 'true', '√', ...words('addr.yes')]);
const NO = new Set(['', '0', 'n', 'no', 'false', ...words('addr.no')]);

/** A Yes/No cell as its value when yes (1 for single-family, the bit for hardware); empty is No. */
export const yesNo = (field: string, on: number) =>
  z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => YES.has(s) || NO.has(s), msg('addr.badYesNo', { field: `@${field}` }))
    .transform((s) => (YES.has(s) ? on : 0));

/** A type cell: its name in any language, or 0, 1, 2. */
const typeCell = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s) => s !== '', msg('v.choose', { field: '@f.addr.type' }))
  .transform((s) => (/^\d$/.test(s) ? Number(s) : (ADDRESS_TYPES.find((n) => words(`addr.type.${n}`).includes(s)) ?? -1)))
  .refine((n) => ADDRESS_TYPES.includes(n), msg('addr.badType'));

const addressRow = z.object({
  address: addressFields.address,
  name: addressFields.name,
  type: typeCell,
  isVilla: yesNo('f.addr.isVilla', 1),
  faceSupported: yesNo('f.addr.face', HARDWARE.face),
  qrcodeSupported: yesNo('f.addr.qrcode', HARDWARE.qrcode),
  cardSupported: yesNo('f.addr.card', HARDWARE.card),
  pwdSupported: yesNo('f.addr.password', HARDWARE.password),
});

/** The address template: the column headers in the session language. */
export async function addressTemplate(ctx: AuthCtx, reply: FastifyReply): Promise<void> {
  await sendTemplate(ctx, reply, 'sheet.address', ADDRESS_COLUMNS);
}

/** uploadAddrsFile: every row is checked like the dialog, plus address uniqueness; all rows or none. */
export async function importAddresses(ctx: AuthCtx, communityId: number, file: UploadedFile | undefined): Promise<ImportReport> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  return runImport(ctx, {
    file,
    columns: ADDRESS_COLUMNS,
    rowSchema: addressRow,
    messageType: MESSAGE_TYPE_ADDRESS,
    communityId,
    menu: 'project.project',
    title: 'import.title.address',
    check: async (rows, trx) => {
      const existing = new Set(
        (await trx.selectFrom('address').select(sql<string>`lower(address)`.as('a')).where('community_id', '=', communityId).execute()).map(
          (r) => r.a,
        ),
      );
      return uniqueColumnErrors(rows, 'address', existing, {
        taken: (address) => msg('addr.addressTaken', { address }),
        repeated: (address) => msg('addr.dupInFile', { address }),
      });
    },
    apply: async (rows, trx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('address')
          .values(
            rows.slice(i, i + 1000).map((r) => ({
              community_id: communityId,
              address: r.address,
              name: r.name,
              type: r.type,
              is_villa: r.isVilla,
              hardware: hardwareOf(r),
              devstate: 0,
              reg_no: null,
            })),
          )
          .execute();
      }
    },
  });
}
