import { HOLIDAY_MODE, ISO_WEEKDAYS, type ScheduleRow } from '@gatehouse/contracts';
import { Space, Tag } from 'antd';
import { useT } from '../../i18n/index.ts';
import { useSchedules } from './api.ts';
import { RulesTab } from './RulesTab.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** The community's schedules: "Always" (built in), then its own, each day's intervals at a glance. */
export function SchedulesTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  return (
    <RulesTab<ScheduleRow>
      kind="schedule"
      communityId={communityId}
      list={useSchedules(communityId)}
      columns={[
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
      ]}
      readOnly={(r) => r.builtIn}
      dialog={(row, onClose) => <ScheduleDialog communityId={communityId} row={row} onClose={onClose} />}
    />
  );
}
