import { HOLIDAY_MODE, ISO_WEEKDAYS, type ScheduleRow } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { actionsColumn } from '../../shared/columns.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { deleteSchedule, useSchedules } from './api.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** The community's schedules: "Always" (built in), then its own, each day's intervals at a glance. */
export function SchedulesTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  const qc = useQueryClient();
  const list = useSchedules(communityId);
  const [editing, setEditing] = useState<ScheduleRow | null | undefined>(undefined);
  const reload = () => qc.invalidateQueries({ queryKey: ['rules', communityId] });
  return (
    <>
      <PlainList<ScheduleRow>
        toolbar={
          <Button type="primary" data-testid="schedule-add" onClick={() => setEditing(null)}>
            {t('ui.rules.addSchedule')}
          </Button>
        }
        rows={list.data}
        loading={list.isLoading}
        empty={t('ui.rules.noSchedules')}
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
          actionsColumn(
            t('ui.actions'),
            (r) =>
              r.builtIn ? null : (
                <RowActions>
                  <Button size="small" data-testid={`schedule-edit-${r.id}`} onClick={() => setEditing(r)}>
                    {t('ui.edit')}
                  </Button>
                  <DeleteButton testId={`schedule-delete-${r.id}`} onConfirm={() => deleteSchedule(r.id).then(reload)} />
                </RowActions>
              ),
            { width: 160 },
          ),
        ]}
      />
      {editing !== undefined ? <ScheduleDialog communityId={communityId} row={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
