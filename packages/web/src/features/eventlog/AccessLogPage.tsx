import { type AccessLogRow, eventlogRoutes, isPseudonym } from '@gatehouse/contracts';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { ACCESS_TYPE, CARD_MODE } from './codes.ts';
import { ACCESS_RESULT } from '../../shared/statuses.ts';
import { EnumTag } from '../../shared/valueEnum.tsx';
import { dateRange } from '../../shared/FilterBar.tsx';
import { LiveSwitch } from './LiveSwitch.tsx';

const KEY = ['eventlog', 'accesslog'] as const;

/** Access event log (001 §3, §7): every access event of the door units, sortable by time; export. */
export default function AccessLogPage() {
  const { t } = useT();
  const columns: ColumnsType<AccessLogRow> = [
    { title: t('eventlog.col.communityname'), dataIndex: 'communityname', width: 160 },
    { title: t('eventlog.col.time'), dataIndex: 'time', key: 'time', sorter: true, defaultSortOrder: 'descend', width: 170 },
    { title: t('eventlog.col.addressName'), dataIndex: 'addressName', width: 160 },
    {
      title: t('eventlog.col.unlockUserName'),
      dataIndex: 'unlockUserName',
      width: 120,
      // An erased person's event keeps its place, named by a pseudonym only (docs/privacy.md).
      render: (v: string, r) =>
        isPseudonym(r.account) ? (
          <Tooltip title={t('ui.eventlog.pseudonymisedHint')}>
            <Tag data-testid="pseudonymised">{t('ui.eventlog.pseudonymised')}</Tag>
          </Tooltip>
        ) : (
          v
        ),
    },
    { title: t('eventlog.col.type'), dataIndex: 'type', render: (v: number) => t(`eventlog.type.${v}`) },
    {
      title: t('eventlog.col.result'),
      dataIndex: 'result',
      render: (v: number, r) =>
        r.reason ? (
          <Tag color="red" data-testid="access-refusal">
            {t(`eventlog.refusal.${r.reason}`)}
          </Tag>
        ) : (
          <EnumTag of={ACCESS_RESULT} value={v} />
        ),
    },
    { title: t('eventlog.col.account'), dataIndex: 'account', width: 130 },
    { title: t('eventlog.col.cardNum'), dataIndex: 'CARD_NUM', width: 120 },
    { title: t('eventlog.col.cardMode'), dataIndex: 'CARD_MODE', render: (v: number) => t(`eventlog.cardMode.${v}`) },
  ];
  return (
    <ListPage<AccessLogRow>
      breadcrumb={[t('menu.eventlog'), t('menu.eventlog.accesslog')]}
      queryKey={KEY}
      columns={columns}
      route={eventlogRoutes.getAccessLogPage}
      filters={{
        communityName: 'eventlog.col.communityname',
        addressName: 'eventlog.col.addressName',
        unlockUserName: 'eventlog.col.unlockUserName',
        type: { label: 'eventlog.col.type', options: ACCESS_TYPE },
        result: { label: 'eventlog.col.result', options: ACCESS_RESULT },
        account: 'eventlog.col.account',
        CARD_MODE: { label: 'eventlog.col.cardMode', options: CARD_MODE },
        CARD_NUM: 'eventlog.col.cardNum',
        ...dateRange('validfrom', 'validto'),
      }}
      toolbar={({ params }) => (
        <>
          <ExportButton route={eventlogRoutes.exportAccessLog} params={params} sheet={t('eventlog.sheet.accesslog')} />
          <LiveSwitch listKey={KEY} params={params} />
        </>
      )}
    />
  );
}
