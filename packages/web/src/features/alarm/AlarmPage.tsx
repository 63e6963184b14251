import { ALARM_ACK_STATES, ALARM_KIND_ENUM, ALARM_KINDS, type AlarmKind, alarmRoutes, type AlarmRow } from '@gatehouse/contracts';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { dateRange } from '../../shared/FilterBar.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { AckDialog } from './AckDialog.tsx';
import { KindTag } from './KindTag.tsx';
import { valueEnum } from '../../shared/valueEnum.tsx';
import { RowButton } from '../../shared/buttons.tsx';

const LIST_KEY = ['alarm', 'list'] as const;
const ALARM_KIND = valueEnum(ALARM_KINDS, (k) => ALARM_KIND_ENUM[k].label);
/** The acknowledged filter: '0' pending, '1' done. */
const ACK_STATE = valueEnum(ALARM_ACK_STATES, (v) => (v === '1' ? 'ui.alarm.done' : 'ui.alarm.pending'));

/**
 * Event log › Alarm records: alarms door units report and units gone offline, newest
 * first, with the event log's filters; staff acknowledge one or many with a note; export.
 */
export default function AlarmPage() {
  const { t } = useT();
  const { reload } = useListReload(LIST_KEY);
  const [acking, setAcking] = useState<{ ids: number[]; done: () => void } | null>(null);
  const columns: ColumnsType<AlarmRow> = [
    { title: t('alarm.col.time'), dataIndex: 'time', key: 'time', sorter: true, defaultSortOrder: 'descend', width: 170 },
    { title: t('alarm.col.kind'), dataIndex: 'kind', render: (v: AlarmKind) => <KindTag kind={v} /> },
    { title: t('alarm.col.communityName'), dataIndex: 'communityName', width: 140 },
    { title: t('alarm.col.deviceName'), dataIndex: 'deviceName', width: 140 },
    {
      title: t('alarm.col.clearedAt'),
      dataIndex: 'clearedAt',
      width: 150,
      render: (v: string, r) => (r.kind === 'offline' && !v ? <Tag color="red">{t('ui.alarm.stillOffline')}</Tag> : v),
    },
    {
      title: t('ui.alarm.state'),
      dataIndex: 'acknowledged',
      render: (v: boolean, r) =>
        v ? (
          <Tag color="green">{t('ui.alarm.done')}</Tag>
        ) : (
          <RowButton label="ui.alarm.acknowledge" type="link" onClick={() => setAcking({ ids: [r.id], done: reload })} />
        ),
    },
    { title: t('alarm.col.acknowledgedBy'), dataIndex: 'acknowledgedBy', width: 120 },
    { title: t('alarm.col.acknowledgedAt'), dataIndex: 'acknowledgedAt', width: 170 },
    { title: t('alarm.col.note'), dataIndex: 'note', width: 200 },
    { title: t('alarm.col.addressName'), dataIndex: 'addressName', width: 160 },
  ];
  return (
    <>
      <ListPage<AlarmRow>
        breadcrumb={[t('menu.eventlog'), t('menu.eventlog.alarm')]}
        queryKey={LIST_KEY}
        selectable
        columns={columns}
        route={alarmRoutes.getAlarmPage}
        filters={{
          communityName: 'alarm.col.communityName',
          addressName: 'alarm.col.addressName',
          deviceName: 'alarm.col.deviceName',
          kind: { label: 'alarm.col.kind', options: ALARM_KIND },
          acknowledged: { label: 'ui.alarm.state', options: ACK_STATE },
          ...dateRange('validfrom', 'validto'),
        }}
        toolbar={({ selectedRows, params, clearSelection }) => {
          const pending = selectedRows.filter((r) => !r.acknowledged).map((r) => r.id);
          return (
            <>
              <Button
                type="primary"
                disabled={!pending.length}
                onClick={() =>
                  setAcking({
                    ids: pending,
                    done: () => {
                      clearSelection();
                      reload();
                    },
                  })
                }
              >
                {t('ui.alarm.acknowledgeSelected')}
              </Button>
              <ExportButton route={alarmRoutes.exportAlarms} params={params} sheet={t('alarm.sheet')} />
            </>
          );
        }}
      />
      {acking ? <AckDialog ids={acking.ids} onClose={() => setAcking(null)} onSaved={acking.done} /> : null}
    </>
  );
}
