import { deviceRoutes, type DeviceRow, type DeviceSecret } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { useSession } from '../../session/useSession.ts';
import { deleteDevice, DEVICES_KEY, resetSecret, resyncDevice } from './api.ts';
import { DeviceDialog } from './DeviceDialog.tsx';
import { ReplaceDialog } from './ReplaceDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { DoorUnitList } from './DoorUnitList.tsx';
import { onlineColumn, syncColumn } from './SyncState.tsx';
import { ConfirmButton, DeleteButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn, unitKindColumn } from '../../shared/columns.tsx';
import { UNIT_KIND_ENUM } from '../../shared/statuses.ts';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { AddButton, EditButton, RowButton } from '../../shared/buttons.tsx';

type Dialog = AddOrEdit<DeviceRow> | { kind: 'replace'; row: DeviceRow } | { kind: 'secret'; secret: DeviceSecret } | null;

/**
 * Device list (001 §2): bound door units with their online and sync state. Add and
 * export for roles 0, 1, 2 and 10 (an enterprise user sees and adds only its own
 * company). Rows: edit, address table, replace, new secret, resync, delete.
 */
export default function DevicesPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const session = useSession();
  const admin = [0, 1, 2, 10].includes(session?.roleId ?? -1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { reload, act } = useListReload(DEVICES_KEY);
  const columns: ColumnsType<DeviceRow> = [
    { title: t('ui.dev.name'), dataIndex: 'addressName', key: 'addressName', sorter: true },
    { title: t('ui.dev.serial'), dataIndex: 'addressRegNo', key: 'addressRegNo', sorter: true },
    unitKindColumn(t('ui.dev.kind'), (r) => `device-kind-${r.addressRegNo}`),
    { title: t('ui.dev.phone'), dataIndex: 'userPhone', key: 'userPhone', sorter: true },
    { title: t('ui.dev.company'), dataIndex: 'communityName', key: 'communityName', sorter: true },
    { title: t('ui.dev.region'), dataIndex: 'communityLocation', key: 'communityLocation', sorter: true },
    onlineColumn(t('ui.dev.online'), (r) => r.addressRegNo),
    { title: t('ui.dev.lastSeen'), dataIndex: 'lastSeen', key: 'lastSeen', sorter: true },
    { title: t('ui.dev.firmware'), dataIndex: 'firmware', key: 'firmware', render: (v: string | null) => v || '—' },
    syncColumn(t('ui.dev.sync'), (r) => r.addressRegNo),
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`device-actions-${r.addressRegNo}`}>
        <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} />
        <RowButton
          label="ui.dev.amt"
          onClick={() => navigate(`/project/address/${r.communityID}/amt/${r.addressid}/isvilla/${r.isVilla}`)}
        />
        <RowButton label="ui.dev.replace" onClick={() => setDialog({ kind: 'replace', row: r })} testId={`replace-${r.addressRegNo}`} />
        <ConfirmButton title={t('ui.dev.confirmResync')} onConfirm={() => act(resyncDevice(r.addressid))}>
          {t('ui.dev.resync')}
        </ConfirmButton>
        <ConfirmButton
          title={t('ui.dev.confirmNewSecret')}
          onConfirm={() =>
            resetSecret(r.addressid).then(
              (secret) => setDialog({ kind: 'secret', secret }),
              () => undefined,
            )
          }
        >
          {t('ui.dev.newSecret')}
        </ConfirmButton>
        <DeleteButton onConfirm={() => act(deleteDevice(r.addressid))} />
      </RowActions>
    )),
  ];
  return (
    <>
      <DoorUnitList<DeviceRow>
        breadcrumb={[t('menu.project'), t('menu.project.devices')]}
        queryKey={DEVICES_KEY}
        live={(r, d) => (r.deviceId === d.deviceId ? { firmware: d.firmware } : null)}
        columns={columns}
        route={deviceRoutes.getDevicesPage}
        filters={{
          addressName: 'ui.dev.name',
          addressRegNo: 'ui.dev.serial',
          userPhone: 'ui.dev.phone',
          communityName: 'ui.dev.company',
          communityLocation: 'ui.dev.region',
          unitKind: { label: 'ui.dev.kind', options: UNIT_KIND_ENUM },
        }}
        toolbar={({ params }) => {
          if (!admin) return null;
          return (
            <>
              <AddButton onClick={() => setDialog({ kind: 'add' })} testId="device-add" />
              <ExportButton route={deviceRoutes.exportDevices} params={params} sheet={t('menu.project.devices')} />
            </>
          );
        }}
      />
      {addOrEdit(dialog, (row) => (
        <DeviceDialog
          row={row}
          onClose={() => setDialog((d) => (d?.kind === 'secret' ? d : null))}
          onSaved={(secret) => {
            void reload();
            if (secret) setDialog({ kind: 'secret', secret });
          }}
        />
      ))}
      {dialog?.kind === 'replace' ? (
        <ReplaceDialog
          row={dialog.row}
          onClose={() => setDialog((d) => (d?.kind === 'secret' ? d : null))}
          onSaved={(secret) => {
            void reload();
            setDialog({ kind: 'secret', secret });
          }}
        />
      ) : null}
      {dialog?.kind === 'secret' ? <SecretDialog secret={dialog.secret} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
