import { ALARM_KIND_ENUM, msg, ROUTES } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { assertExportable } from '../../xlsx/export-limit.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import { keysetRows } from '../../db/keyset.ts';
import { isDesc, listScreen } from '../../http/list-screen.ts';
import type { AuthCtx } from '../../http/context.ts';
import { type AlarmQ, alarmQuery, alarmSelect, presentAlarm } from './queries.ts';
import { acknowledgeAlarms } from './service.ts';

const A = ROUTES.alarm;
const COLUMNS = [
  'time',
  'kind',
  'communityName',
  'addressName',
  'deviceName',
  'clearedAt',
  'acknowledgedBy',
  'acknowledgedAt',
  'note',
] as const;

/** Every alarm of the filtered list, keyset-paged over (time, id). */
const allAlarms = (ctx: AuthCtx, q: AlarmQ, desc: boolean) =>
  keysetRows(ctx.db, (at, limit) => alarmSelect(q, desc, at, limit), { sort: 'time', id: 'id' });

export const alarmHandlers: Registered[] = [
  handle(A.getAlarmPage, listScreen(alarmQuery, alarmSelect, presentAlarm)),

  handle(A.exportAlarms, async (input, ctx, { reply }) => {
    const q = await alarmQuery(ctx, input);
    const total = await assertExportable(ctx, q);
    const sheet = t(ctx.lang, 'alarm.sheet');
    async function* cells() {
      for await (const raw of allAlarms(ctx, q, isDesc(input.order))) {
        const r = presentAlarm(ctx, raw);
        yield COLUMNS.map((k) => (k === 'kind' ? t(ctx.lang, ALARM_KIND_ENUM[r.kind].label) : r[k]));
      }
    }
    const headers = COLUMNS.map((k) => t(ctx.lang, `alarm.col.${k}`));
    await streamWorkbook(reply, `${sheet}.xlsx`, sheet, headers, cells(), total);
    return undefined;
  }),

  handle(A.acknowledgeAlarms, async (input, ctx) => {
    const n = await acknowledgeAlarms(ctx, input);
    return new Answer(200, { acknowledged: n }, [msg('alarm.acknowledged', { n })]);
  }),
];
