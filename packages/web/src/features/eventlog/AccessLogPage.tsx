import { type AccessLogRow, ROUTES } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { cardModeOptions, typeOptions } from './codes.ts';
import { ACCESS_RESULT } from '../../shared/statuses.ts';
import { EnumTag, enumOptions } from '../../shared/valueEnum.tsx';
import { textFilters } from '../../shared/FilterBar.tsx';

/** Access event log (001 §3, §7): every access event of the door units, sortable by time; export. */
export default function AccessLogPage() {
  const { t } = useT();
  const columns: ColumnsType<AccessLogRow> = [
    { title: t('eventlog.col.communityname'), dataIndex: 'communityname', width: 160 },
    { title: t('eventlog.col.time'), dataIndex: 'time', key: 'time', sorter: true, defaultSortOrder: 'descend', width: 170 },
    { title: t('eventlog.col.addressName'), dataIndex: 'addressName', width: 160 },
    { title: t('eventlog.col.unlockUserName'), dataIndex: 'unlockUserName', width: 120 },
    { title: t('eventlog.col.type'), dataIndex: 'type', render: (v: number) => t(`eventlog.type.${v}`) },
    { title: t('eventlog.col.result'), dataIndex: 'result', render: (v: number) => <EnumTag of={ACCESS_RESULT} value={v} /> },
    { title: t('eventlog.col.account'), dataIndex: 'account', width: 130 },
    { title: t('eventlog.col.cardNum'), dataIndex: 'CARD_NUM', width: 120 },
    { title: t('eventlog.col.cardMode'), dataIndex: 'CARD_MODE', render: (v: number) => t(`eventlog.cardMode.${v}`) },
  ];
  return (
    <ListPage<AccessLogRow>
      breadcrumb={[t('menu.eventlog'), t('menu.eventlog.accesslog')]}
      queryKey={['eventlog', 'accesslog']}
      rowKey="id"
      columns={columns}
      route={ROUTES.eventlog.getAccessLogPage}
      filters={[
        ...textFilters(t, {
          communityName: 'eventlog.col.communityname',
          addressName: 'eventlog.col.addressName',
          unlockUserName: 'eventlog.col.unlockUserName',
        }),
        { name: 'type', label: t('eventlog.col.type'), type: 'select', options: typeOptions(t) },
        { name: 'result', label: t('eventlog.col.result'), type: 'select', options: enumOptions(ACCESS_RESULT, t) },
        { name: 'account', label: t('eventlog.col.account') },
        { name: 'CARD_MODE', label: t('eventlog.col.cardMode'), type: 'select', options: cardModeOptions(t) },
        { name: 'CARD_NUM', label: t('eventlog.col.cardNum') },
        { name: 'validfrom', label: t('ui.startDate'), type: 'date' },
        { name: 'validto', label: t('ui.endDate'), type: 'date' },
      ]}
      toolbar={({ params }) => (
        <ExportButton route={ROUTES.eventlog.exportAccessLog} params={params} sheet={t('eventlog.sheet.accesslog')} />
      )}
    />
  );
}
