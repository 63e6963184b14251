import { ADDRESS_TYPE, callCodeField, msg, VILLA_CALL_CODE } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CommandQueue } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { assertCommunity } from '../../http/scope.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { runImport, sendTemplate } from '../../xlsx/import-runner.ts';
import type { ImportReport } from '@gatehouse/contracts';
import { importColumns } from '../../xlsx/columns.ts';
import { queueCallCodes } from './amt-sync.ts';
import { loadAddress } from './queries.ts';

/** Import-history message type of call-code ("meter") tables (001 §4). */
const MESSAGE_TYPE_AMT = 2;

const COLUMNS = importColumns('col.amt', ['caller', 'code', 'called']);

const amtRow = z.object({
  caller: z
    .string()
    .trim()
    .max(200, msg('v.maxLen', { field: '@f.amt.caller', max: 200 })),
  code: callCodeField,
  called: z
    .string()
    .trim()
    .min(1, msg('v.choose', { field: '@f.amt.called' }))
    .max(200, msg('v.maxLen', { field: '@f.amt.called', max: 200 })),
});

export async function amtTemplate(ctx: AuthCtx, reply: FastifyReply): Promise<void> {
  await sendTemplate(ctx, reply, 'sheet.amt', COLUMNS);
}

/**
 * uploadAMTFile: rows name the calling door unit (blank: the door unit of the page),
 * the code and the called address, by address text. Same rules as the dialog; all rows
 * or none; the door units' devices get their new tables.
 */
export async function importAmts(
  ctx: AuthCtx,
  communityId: number,
  addressId: number | undefined,
  file: UploadedFile | undefined,
): Promise<ImportReport> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const page = addressId ? await loadAddress(ctx, ctx.db, addressId) : undefined;
  if (page && (page.community_id !== communityId || page.type !== ADDRESS_TYPE.doorUnit)) throw badRequest('amt.callerNotDoorUnit');
  let queue: CommandQueue | undefined;
  const resolved: { caller: number; called: number; code: string }[] = [];
  const report = await runImport(ctx, {
    file,
    columns: COLUMNS,
    rowSchema: amtRow,
    messageType: MESSAGE_TYPE_AMT,
    communityId,
    menu: 'project.project',
    title: 'import.title.amt',
    check: async (rows, trx) => {
      const all = await trx
        .selectFrom('address')
        .select(['id', 'address', 'type', 'is_villa'])
        .where('community_id', '=', communityId)
        .execute();
      const byText = new Map(all.map((a) => [a.address.toLowerCase(), a]));
      const textOf = new Map(all.map((a) => [a.id, a.address]));
      const existing = await trx
        .selectFrom('amt')
        .select(['caller_address_id', 'called_address_id', 'code'])
        .where('community_id', '=', communityId)
        .execute();
      const codes = new Map(existing.map((e) => [`${e.caller_address_id}|${e.code}`, textOf.get(e.called_address_id) ?? '']));
      const calls = new Set(existing.map((e) => `${e.caller_address_id}>${e.called_address_id}`));
      const errors: { index: number; column?: string; message: string }[] = [];
      type Found = { caller: number; called: number; code: string; calledText: string };
      const judge = (r: (typeof rows)[number]): Found | { column: string; message: string } => {
        const caller = r.caller
          ? byText.get(r.caller.toLowerCase())
          : page && { id: page.id, address: page.address, type: page.type, is_villa: page.is_villa };
        if (!caller)
          return {
            column: 'caller',
            message: r.caller ? msg('amt.unknownAddress', { address: r.caller }) : msg('v.choose', { field: '@f.amt.caller' }),
          };
        if (caller.type !== ADDRESS_TYPE.doorUnit) return { column: 'caller', message: 'amt.callerNotDoorUnit' };
        const called = byText.get(r.called.toLowerCase());
        if (!called) return { column: 'called', message: msg('amt.unknownAddress', { address: r.called }) };
        if (called.type === ADDRESS_TYPE.doorUnit) return { column: 'called', message: 'amt.badCalled' };
        const code = caller.is_villa === 1 ? VILLA_CALL_CODE : r.code;
        const holder = codes.get(`${caller.id}|${code}`);
        if (holder !== undefined) return { column: 'code', message: msg('amt.codeTaken', { code, address: holder }) };
        if (calls.has(`${caller.id}>${called.id}`))
          return { column: 'called', message: msg('amt.calledTaken', { code, address: called.address }) };
        return { caller: caller.id, called: called.id, code, calledText: called.address };
      };
      for (const [index, r] of rows.entries()) {
        const found = judge(r);
        if ('message' in found) {
          errors.push({ index, ...found });
          continue;
        }
        codes.set(`${found.caller}|${found.code}`, found.calledText);
        calls.add(`${found.caller}>${found.called}`);
        resolved.push(found);
      }
      return errors;
    },
    apply: async (_rows, trx) => {
      for (let i = 0; i < resolved.length; i += 1000) {
        const part = resolved.slice(i, i + 1000);
        await trx
          .insertInto('amt')
          .values(part.map((r) => ({ community_id: communityId, caller_address_id: r.caller, called_address_id: r.called, code: r.code })))
          .execute();
      }
      queue = new CommandQueue(trx, ctx.doors);
      await queueCallCodes(trx, queue, [...new Set(resolved.map((r) => r.caller))]);
    },
  });
  if (queue?.deviceIds.size) ctx.devices.dispatch(queue.deviceIds);
  return report;
}
