import { gmRoutes, type GmRow } from '@gatehouse/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { EmergencyDialog } from '../emergency/EmergencyDialog.tsx';
import { openDoor } from '../emergency/api.ts';
import { getSession } from '../../session/store.ts';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { RowActions } from '../../shared/RowActions.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { DoorUnitList } from '../device/DoorUnitList.tsx';
import { onlineColumn, syncColumn } from '../device/SyncState.tsx';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { resyncDevice } from '../device/api.ts';
import { refreshLadderFile } from './api.ts';
import { actionsColumn } from '../../shared/columns.tsx';
import { RowButton } from '../../shared/buttons.tsx';

const KEY = ['gms'] as const;

/**
 * Door units (001 §2): every door-unit address of the scope with its device's online
 * and sync state, refreshed every 30 s. Actions: cards, faces, download the
 * ladder-control configuration, resync everything, open the door now, set an emergency mode
 * (docs/live-operations.md).
 */
export default function GmPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { act } = useListReload(KEY);
  const [emergency, setEmergency] = useState<{ communityId?: number; addressId?: number } | null>(null);
  const columns: ColumnsType<GmRow> = [
    { title: t('ui.dev.address'), dataIndex: 'address', key: 'address', sorter: true },
    { title: t('ui.dev.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.dev.community'), dataIndex: 'communityName', key: 'communityName', sorter: true },
    { title: t('ui.dev.serial'), dataIndex: 'serial' },
    onlineColumn(t('ui.dev.online'), (r) => r.serial),
    { title: t('ui.dev.lastSeen'), dataIndex: 'lastSeen' },
    syncColumn(t('ui.dev.sync'), (r) => r.serial),
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`gm-actions-${r.addressid}`}>
        <RowButton label="ui.gm.cards" onClick={() => navigate(`/gm/card/${r.addressid}/`)} />
        <RowButton label="ui.gm.faces" onClick={() => navigate(`/gm/face/${r.addressid}/`)} />
        <ConfirmButton title={t('ui.gm.confirmLadder')} disabled={!r.serial} onConfirm={() => act(refreshLadderFile(r.addressid))}>
          {t('ui.gm.ladder')}
        </ConfirmButton>
        <ConfirmButton
          title={t('ui.door.confirmOpen', { community: r.communityName, address: r.address, name: r.name })}
          disabled={!r.serial || !r.online}
          testId={`door-open-${r.addressid}`}
          onConfirm={() => openDoor(r.addressid).catch(() => {})}
        >
          {t('ui.door.open')}
        </ConfirmButton>
        <RowButton
          label="ui.emergency.button"
          danger
          onClick={() => setEmergency({ communityId: r.communityId, addressId: r.addressid })}
        />
        <ConfirmButton
          title={t('ui.dev.confirmResync')}
          disabled={!r.serial}
          testId={`resync-${r.addressid}`}
          onConfirm={() => act(resyncDevice(r.addressid))}
        >
          {t('ui.dev.resync')}
        </ConfirmButton>
      </RowActions>
    )),
  ];
  return (
    <>
      <DoorUnitList<GmRow>
        breadcrumb={[t('menu.access'), t('menu.access.gm')]}
        queryKey={KEY}
        live={(r, d) => (r.serial === d.serial ? {} : null)}
        columns={columns}
        route={gmRoutes.searchGmsPage}
        filters={{ address: 'ui.dev.address', name: 'ui.dev.name' }}
        toolbar={() => (
          <Button
            danger
            type="primary"
            data-testid="emergency-open"
            onClick={() => setEmergency({ communityId: getSession()?.communityId || undefined })}
          >
            {t('ui.emergency.button')}
          </Button>
        )}
      />
      {emergency ? <EmergencyDialog {...emergency} onClose={() => setEmergency(null)} /> : null}
    </>
  );
}
