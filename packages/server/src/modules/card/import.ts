import { ADDRESS_TYPE, cardImportRow, msg, type ImportReport } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AuthCtx } from '../../http/context.ts';
import { assertCommunity } from '../../http/scope.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { runImport, sendTemplate } from '../../xlsx/import-runner.ts';
import { importColumns } from '../../xlsx/columns.ts';
import { assertListMenu, TYPES_OF_LIST } from '../holder/access.ts';

/** Import-history message type of cards (MESSAGE_TYPES: 4). */
const MESSAGE_TYPE_CARD = 4;

export const CARD_COLUMNS_XLSX = importColumns('col.card', [
  'cardid',
  'household',
  'account',
  ['cardtype', 'type'],
  ['cardmode', 'mode'],
  ['cardstatus', 'status'],
]);

/** The card template: the column headers in the session language. */
export async function cardTemplate(ctx: AuthCtx, reply: FastifyReply): Promise<void> {
  await sendTemplate(ctx, reply, 'card.importTitle', CARD_COLUMNS_XLSX);
}

/**
 * uploadCardFile: every row is checked like the add dialog (the household is its
 * address text in the chosen community), plus card-number uniqueness and the list's
 * card types; all rows or none. Imported cards have no door unit yet.
 */
export async function importCards(
  ctx: AuthCtx,
  communityId: number,
  ismjtk: number,
  file: UploadedFile | undefined,
): Promise<ImportReport> {
  const menu = assertListMenu(ctx.caller, ismjtk);
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const allowed = TYPES_OF_LIST[ismjtk] ?? [];
  const households = new Map<string, { id: number; is_villa: number }>();
  return runImport(ctx, {
    file,
    columns: CARD_COLUMNS_XLSX,
    rowSchema: cardImportRow,
    messageType: MESSAGE_TYPE_CARD,
    communityId,
    menu,
    title: 'card.importTitle',
    check: async (rows, trx) => {
      const errors: { index: number; column?: string; message: string }[] = [];
      const addrs = await trx
        .selectFrom('address')
        .select(['id', 'is_villa', sql<string>`lower(address)`.as('a')])
        .where('community_id', '=', communityId)
        .where('type', '=', ADDRESS_TYPE.householder)
        .execute();
      for (const a of addrs) if (!households.has(a.a)) households.set(a.a, { id: a.id, is_villa: a.is_villa });
      const taken = new Set(
        (await trx.selectFrom('card').select('card_no').where('community_id', '=', communityId).execute()).map((r) => r.card_no),
      );
      const seen = new Set<string>();
      rows.forEach((r, index) => {
        if (!households.has(r.household.toLowerCase()))
          errors.push({ index, column: 'household', message: msg('card.householdUnknown', { address: r.household }) });
        if (!allowed.includes(r.cardtype))
          errors.push({ index, column: 'cardtype', message: msg('card.typeNotInList', { type: r.cardtype }) });
        if (taken.has(r.cardid)) errors.push({ index, column: 'cardid', message: msg('card.duplicate', { cardid: r.cardid }) });
        else if (seen.has(r.cardid)) errors.push({ index, column: 'cardid', message: msg('card.duplicateInFile', { cardid: r.cardid }) });
        seen.add(r.cardid);
      });
      return errors;
    },
    apply: async (rows, trx) => {
      const names = new Map(
        (
          await trx
            .selectFrom('account')
            .select(['reg_no', 'name'])
            .where('reg_no', 'in', [...new Set(rows.map((r) => r.account))])
            .execute()
        ).map((a) => [a.reg_no, a.name.slice(0, 50)]),
      );
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('card')
          .values(
            rows.slice(i, i + 1000).map((r) => {
              const h = households.get(r.household.toLowerCase()) as { id: number; is_villa: number };
              return {
                card_no: r.cardid,
                community_id: communityId,
                address_id: h.id,
                account: r.account,
                user_name: names.get(r.account) ?? '',
                card_type: r.cardtype,
                card_mode: r.cardmode,
                status: r.cardstatus,
                is_villa: h.is_villa,
              };
            }),
          )
          .execute();
      }
    },
  });
}
