import { qrcodeRoutes, type QrDeviceRow } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { OnlineTag } from '../device/SyncState.tsx';
import { QrDialog } from './QrDialog.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { RowButton } from '../../shared/buttons.tsx';

/** QR-code devices (001 §2): door units that read QR codes; each row creates a visitor code. */
export default function VisitorCodePage() {
  const { t } = useT();
  const [row, setRow] = useState<QrDeviceRow | null>(null);
  const columns: ColumnsType<QrDeviceRow> = [
    { title: t('ui.dev.name'), dataIndex: 'addressName', key: 'addressName', sorter: true },
    { title: t('ui.dev.serial'), dataIndex: 'addressRegNo' },
    { title: t('ui.dev.company'), dataIndex: 'communityName', key: 'communityName', sorter: true },
    {
      title: t('ui.dev.online'),
      dataIndex: 'online',
      render: (_v, r) => <OnlineTag s={{ online: r.online, lastSeen: null }} serial={r.addressRegNo} />,
    },
    actionsColumn(t('ui.actions'), (r) => (
      <RowButton label="ui.qr.create" type="primary" onClick={() => setRow(r)} testId={`qr-create-${r.addressRegNo}`} />
    )),
  ];
  return (
    <>
      <ListPage<QrDeviceRow>
        breadcrumb={[t('menu.access'), t('menu.access.visitorcode')]}
        queryKey={['qrDevices']}
        rowKey="addressid"
        columns={columns}
        route={qrcodeRoutes.getQrDevicesPage}
        filters={{ addressName: 'ui.dev.name', communityName: 'ui.dev.company' }}
      />
      {row ? <QrDialog row={row} onClose={() => setRow(null)} /> : null}
    </>
  );
}
