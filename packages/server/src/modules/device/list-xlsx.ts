import type { ParsedInput, deviceRoutes } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { formatDateTime } from '../../http/dates.ts';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';
import { listScope } from '../../http/scope.ts';
import { filteredDevices } from './list.ts';
import { streamWorkbook } from '../../xlsx/write.ts';

const COLUMNS = [
  'col.dev.name',
  'col.dev.serial',
  'col.dev.phone',
  'col.dev.company',
  'col.dev.region',
  'col.dev.online',
  'col.dev.lastSeen',
];

/** Exports the device list with its filters, in the caller's scope. */
export async function exportDevices(ctx: AuthCtx, i: ParsedInput<typeof deviceRoutes.exportDevices>, reply: FastifyReply): Promise<void> {
  const scope = await listScope(ctx.db, ctx.caller);
  async function* rows() {
    let last = 0;
    for (;;) {
      const part = await filteredDevices(ctx.db, scope, i).where('a.id', '>', last).orderBy('a.id').limit(1000).execute();
      for (const r of part) {
        yield [
          r.addressName,
          r.addressRegNo,
          r.phone ?? '',
          r.communityName,
          r.communityLocation,
          t(ctx.lang, r.online ? 'device.online' : 'device.offline'),
          formatDateTime(r.lastSeenAt, ctx.config.TZ_NAME),
        ];
      }
      if (part.length < 1000) return;
      last = part[part.length - 1]?.addressid ?? last;
    }
  }
  const name = t(ctx.lang, 'sheet.devices');
  await streamWorkbook(
    reply,
    `${name}.xlsx`,
    name,
    COLUMNS.map((c) => t(ctx.lang, c)),
    rows(),
  );
}
