import { type EntranceRow, ROUTES } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { openTypeOptions } from './codes.ts';
import { textFilters } from '../../shared/FilterBar.tsx';

/** Entrance report (001 "Entrance report"): successful card, QR code and face opens; export. */
export default function EntrancePage() {
  const { t } = useT();
  const columns: ColumnsType<EntranceRow> = [
    { title: t('eventlog.col.deviceName'), dataIndex: 'deviceName', width: 160 },
    { title: t('eventlog.col.company'), dataIndex: 'communityName', width: 180 },
    { title: t('eventlog.col.event'), dataIndex: 'event', render: (v: number) => t(`eventlog.type.${v}`) },
    { title: t('eventlog.col.account'), dataIndex: 'account', width: 140 },
    { title: t('eventlog.col.addtime'), dataIndex: 'addtime', key: 'addtime', sorter: true, defaultSortOrder: 'descend', width: 180 },
  ];
  return (
    <ListPage<EntranceRow>
      breadcrumb={[t('menu.access'), t('menu.access.entrance')]}
      queryKey={['eventlog', 'entrance']}
      rowKey="id"
      columns={columns}
      route={ROUTES.eventlog.getAccessReportlistByPage}
      filters={[
        ...textFilters(t, {
          deviceName: 'eventlog.col.deviceName',
          communityName: 'eventlog.col.company',
          account: 'eventlog.col.account',
        }),
        { name: 'event', label: t('eventlog.col.event'), type: 'select', options: openTypeOptions(t) },
        { name: 'starttime', label: t('ui.eventlog.openFrom'), type: 'date' },
        { name: 'endtime', label: t('ui.eventlog.openTo'), type: 'date' },
      ]}
      toolbar={({ params }) => (
        <ExportButton route={ROUTES.eventlog.exportAccessReport} params={params} sheet={t('eventlog.sheet.entrance')} />
      )}
    />
  );
}
