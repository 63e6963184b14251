import { type GroupRow, HOLIDAY_MODE, type HolidayRow, ISO_WEEKDAYS, type ScheduleRow } from '@gatehouse/contracts';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { tr } from '../../i18n/index.ts';

/** The columns of each tab of a community's rules, before the row actions (RulesTab adds them). */
type T = typeof tr;

/** Schedules: "Always" (built in), then the community's own, each day's intervals at a glance. */
export const scheduleColumns = (t: T): ColumnsType<ScheduleRow> => [
  {
    title: t('ui.rules.name'),
    dataIndex: 'name',
    render: (v: string, r) => (
      <Space>
        {v}
        {r.builtIn ? <Tag>{t('ui.rules.builtIn')}</Tag> : null}
      </Space>
    ),
  },
  {
    title: t('ui.rules.week'),
    key: 'week',
    render: (_v, r) =>
      r.builtIn ? (
        '00:00-24:00'
      ) : (
        <Space direction="vertical" size={0}>
          {ISO_WEEKDAYS.map((wd) =>
            r.week[wd - 1]?.length ? (
              <span key={wd}>
                {t(`rules.day.${wd}`)}: {r.week[wd - 1]?.join(', ')}
              </span>
            ) : null,
          )}
        </Space>
      ),
  },
  {
    title: t('ui.rules.onHolidays'),
    key: 'holiday',
    render: (_v, r) =>
      r.builtIn
        ? '-'
        : r.holidayMode === HOLIDAY_MODE.closed
          ? t('ui.rules.holidayClosed')
          : t('ui.rules.holidayFollows', { day: t(`rules.day.${r.holidayWeekday}`) }),
  },
  { title: t('ui.rules.groupsUsing'), dataIndex: 'groupCount', width: 120 },
];

/** Holidays, entered by hand or imported. */
export const holidayColumns = (t: T): ColumnsType<HolidayRow> => [
  { title: t('ui.rules.name'), dataIndex: 'name' },
  { title: t('ui.rules.datefrom'), dataIndex: 'datefrom', width: 140 },
  { title: t('ui.rules.dateto'), dataIndex: 'dateto', width: 140 },
];

/** Access groups: door units with a schedule; cards are given groups in their door-unit dialog. */
export const groupColumns = (t: T): ColumnsType<GroupRow> => [
  {
    title: t('ui.rules.name'),
    dataIndex: 'name',
    render: (v: string, r) => (
      <Space direction="vertical" size={0}>
        {v}
        {r.sending ? (
          <Tag color="processing" data-testid="group-sending">
            {t('ui.rules.sending', { done: r.sending.done.toLocaleString(), total: r.sending.total.toLocaleString() })}
          </Tag>
        ) : null}
      </Space>
    ),
  },
  { title: t('ui.rules.schedule'), dataIndex: 'scheduleName' },
  {
    title: t('ui.rules.units'),
    key: 'units',
    render: (_v, r) => (
      <Space wrap size={4}>
        {r.units.map((u) => (
          <Tag key={u.id}>{u.name}</Tag>
        ))}
      </Space>
    ),
  },
  { title: t('ui.rules.cards'), dataIndex: 'cardCount', width: 90 },
  { title: t('ui.rules.faces'), dataIndex: 'faceCount', width: 90 },
];
