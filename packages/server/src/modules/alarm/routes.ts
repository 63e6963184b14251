import { ALARM_KIND_ENUM, msg, ROUTES } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { listExport } from '../../http/list-export.ts';
import { listScreen } from '../../http/list-screen.ts';
import { alarmQuery, alarmSelect, presentAlarm } from './queries.ts';
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

export const alarmHandlers: Registered[] = [
  handle(A.getAlarmPage, listScreen(alarmQuery, alarmSelect, presentAlarm)),

  handle(
    A.exportAlarms,
    listExport(
      alarmQuery,
      alarmSelect,
      { sort: 'time', id: 'id' },
      (ctx) => ({
        name: t(ctx.lang, 'alarm.sheet'),
        headers: COLUMNS.map((k) => t(ctx.lang, `alarm.col.${k}`)),
      }),
      (ctx, raw) => {
        const r = presentAlarm(ctx, raw);
        return COLUMNS.map((k) => (k === 'kind' ? t(ctx.lang, ALARM_KIND_ENUM[r.kind].label) : r[k]));
      },
    ),
  ),

  handle(A.acknowledgeAlarms, async (input, ctx) => {
    const n = await acknowledgeAlarms(ctx, input);
    return new Answer(200, { acknowledged: n }, [msg('alarm.acknowledged', { n })]);
  }),
];
