import { eventlogRoutes, isAdminLevel, type QrcodeRecordRow } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { useSession } from '../../session/useSession.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { dateRange } from '../../shared/FilterBar.tsx';
import { DATE_TIME_HYPHENS } from '../../shared/dates.ts';

/**
 * Visitor page (001 "Visitor page"): visitor QR codes with their opens; dates with
 * hyphens; valid from and the export only for roles 2 and below (the server enforces both).
 */
export default function VisitorPage() {
  const { t } = useT();
  const admin = isAdminLevel(useSession()?.roleId ?? 99);
  const columns: ColumnsType<QrcodeRecordRow> = [
    { title: t('eventlog.col.account'), dataIndex: 'userRegno', width: 140 },
    { title: t('eventlog.col.company'), dataIndex: 'communityName', width: 180 },
    { title: t('eventlog.col.deviceName'), dataIndex: 'deviceName', width: 140 },
    {
      title: t('eventlog.col.numOpen'),
      dataIndex: 'numOpen',
      render: (_v: number, r) => t('ui.eventlog.used', { used: r.used, total: r.numOpen }),
    },
    ...(admin ? [{ title: t('eventlog.col.validfrom'), dataIndex: 'validfrom', width: 170 }] : []),
    { title: t('eventlog.col.validto'), dataIndex: 'validto', width: 170 },
    {
      title: t('eventlog.col.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      defaultSortOrder: 'descend',
      width: 170,
    },
  ];
  return (
    <ListPage<QrcodeRecordRow>
      breadcrumb={[t('menu.access'), t('menu.access.visitor')]}
      queryKey={['eventlog', 'visitor']}
      columns={columns}
      dateFormat={DATE_TIME_HYPHENS}
      route={eventlogRoutes.getQrcodelistByPage}
      filters={{
        userRegno: 'eventlog.col.account',
        deviceName: 'eventlog.col.deviceName',
        communityName: 'eventlog.col.company',
        ...dateRange('validfrom', 'validto', ['ui.eventlog.validFrom', 'ui.eventlog.validTo']),
      }}
      toolbar={
        admin
          ? ({ params }) => <ExportButton route={eventlogRoutes.exportQrcodelist} params={params} sheet={t('eventlog.sheet.visitor')} />
          : undefined
      }
    />
  );
}
