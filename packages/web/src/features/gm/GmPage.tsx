import { type GmRow, LIMITS, ROUTES } from '@gatehouse/contracts';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { OnlineTag, SyncTags } from '../device/SyncState.tsx';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { resyncDevice } from '../device/api.ts';
import { refreshLadderFile } from './api.ts';
import { textFilters } from '../../shared/FilterBar.tsx';
import { actionsColumn } from '../../shared/columns.tsx';

const KEY = ['gms'] as const;

/**
 * Door units (001 §2): every door-unit address of the scope with its device's online
 * and sync state, refreshed every 30 s. Actions: cards, faces, download the
 * ladder-control configuration, resync everything.
 */
export default function GmPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { act } = useListReload(KEY);
  const columns: ColumnsType<GmRow> = [
    { title: t('ui.dev.address'), dataIndex: 'address', key: 'address', sorter: true },
    { title: t('ui.dev.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.dev.community'), dataIndex: 'communityName', key: 'communityName', sorter: true },
    { title: t('ui.dev.serial'), dataIndex: 'serial' },
    {
      title: t('ui.dev.online'),
      dataIndex: 'online',
      key: 'online',
      sorter: true,
      render: (_v, r) => <OnlineTag s={r} serial={r.serial} />,
    },
    { title: t('ui.dev.lastSeen'), dataIndex: 'lastSeen' },
    { title: t('ui.dev.sync'), key: 'sync', render: (_v, r) => <SyncTags s={r} serial={r.serial} /> },
    actionsColumn(t('ui.actions'), (r) => (
      <Space>
        <Button size="small" onClick={() => navigate(`/gm/card/${r.addressid}/`)}>
          {t('ui.gm.cards')}
        </Button>
        <Button size="small" onClick={() => navigate(`/gm/face/${r.addressid}/`)}>
          {t('ui.gm.faces')}
        </Button>
        <ConfirmButton title={t('ui.gm.confirmLadder')} disabled={!r.serial} onConfirm={() => act(refreshLadderFile(r.addressid))}>
          {t('ui.gm.ladder')}
        </ConfirmButton>
        <ConfirmButton
          title={t('ui.dev.confirmResync')}
          disabled={!r.serial}
          testId={`resync-${r.addressid}`}
          onConfirm={() => act(resyncDevice(r.addressid))}
        >
          {t('ui.dev.resync')}
        </ConfirmButton>
      </Space>
    )),
  ];
  return (
    <ListPage<GmRow>
      breadcrumb={[t('menu.access'), t('menu.access.gm')]}
      queryKey={KEY}
      rowKey="addressid"
      columns={columns}
      refetchInterval={LIMITS.doorUnitRefreshMs}
      route={ROUTES.gm.searchGmsPage}
      filters={[...textFilters(t, { address: 'ui.dev.address', name: 'ui.dev.name' })]}
    />
  );
}
