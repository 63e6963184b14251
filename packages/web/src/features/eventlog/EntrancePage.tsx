import { type EntranceRow, eventlogRoutes } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { OPEN_TYPE } from './codes.ts';
import { dateRange } from '../../shared/FilterBar.tsx';

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
      columns={columns}
      route={eventlogRoutes.getAccessReportlistByPage}
      filters={{
        deviceName: 'eventlog.col.deviceName',
        communityName: 'eventlog.col.company',
        account: 'eventlog.col.account',
        event: { label: 'eventlog.col.event', options: OPEN_TYPE },
        ...dateRange('starttime', 'endtime', ['ui.eventlog.openFrom', 'ui.eventlog.openTo']),
      }}
      toolbar={({ params }) => (
        <ExportButton route={eventlogRoutes.exportAccessReport} params={params} sheet={t('eventlog.sheet.entrance')} />
      )}
    />
  );
}
