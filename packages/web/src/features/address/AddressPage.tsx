import { ADDRESS_TYPE, ADDRESS_TYPES, addressRoutes, type AddressRow, cardRoutes, reviewRoutes } from '@gatehouse/contracts';
import { Button, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RowActions } from '../../shared/RowActions.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { mayCall } from '../../session/access.ts';
import { HardwareTags } from '../../shared/hardware.tsx';
import { AddButton, EditButton, ImportButton, RowButton } from '../../shared/buttons.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { useListImport } from '../../shared/useListImport.tsx';
import { useRemove } from '../../shared/useRemove.ts';
import { crumbLink } from '../../shared/crumbLink.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { useCommunity } from '../community/api.ts';
import { ActivateDeviceDialog } from './ActivateDeviceDialog.tsx';
import { AddressDialog } from './AddressDialog.tsx';
import { addressesKey } from './api.ts';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { YES_NO } from '../../shared/statuses.ts';
import { valueEnum } from '../../shared/valueEnum.tsx';

type Dialog = AddOrEdit<AddressRow> | { kind: 'device'; row: AddressRow } | null;

const villaDoorUnit = (r: AddressRow) => r.type === ADDRESS_TYPE.doorUnit && r.isVilla === 1;

/** Address management of one community (000 §2): search, list, add, edit, delete, import, device activation. */
export default function AddressPage() {
  const { t } = useT();
  const nav = useNavigate();
  const communityId = Number(useParams().communityId);
  const community = useCommunity(communityId).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const key = addressesKey(communityId);
  const { reload } = useListReload(key);
  const importer = useListImport(key, () => ({
    title: t('ui.addr.import', { name: community?.name ?? '' }),
    templateRoute: addressRoutes.addrsTemplate,
    uploadRoute: addressRoutes.uploadAddrsFile,
    fields: { communityID: communityId },
  }));
  const remove = useRemove(addressRoutes.batchDelAddr, key);
  const columns: ColumnsType<AddressRow> = [
    { title: t('ui.addr.address'), dataIndex: 'address', key: 'address', sorter: true },
    { title: t('ui.addr.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.addr.type'), dataIndex: 'type', key: 'type', sorter: true, render: (v: number) => t(`addr.type.${v}`) },
    { title: t('ui.addr.isVilla'), dataIndex: 'isVilla', key: 'isVilla', sorter: true, render: (v: number) => t(v ? 'ui.yes' : 'ui.no') },
    {
      title: t('ui.addr.hardware'),
      dataIndex: 'hardware',
      render: (v: number) => <HardwareTags value={v} />,
    },
    {
      title: t('ui.addr.device'),
      dataIndex: 'regNo',
      key: 'devstate',
      sorter: true,
      render: (_v, r) =>
        r.type !== ADDRESS_TYPE.doorUnit ? null : r.devstate === 1 ? (
          <Tag color="success">{r.regNo}</Tag>
        ) : (
          <Tag>{t('ui.addr.noDevice')}</Tag>
        ),
    },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`address-actions-${r.address}`}>
        <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} />
        {r.type === ADDRESS_TYPE.doorUnit ? (
          <>
            <RowButton
              label="ui.addr.callCodes"
              onClick={() => nav(`/project/address/${communityId}/amt/${r.addressid}/isvilla/${r.isVilla}/`)}
            />
            {mayCall(cardRoutes.getGateAccessesByAddressId.access) && (
              <RowButton label="ui.addr.accessCards" onClick={() => nav(`/project/address/${communityId}/access/${r.addressid}/`)} />
            )}
            <Button size="small" onClick={() => setDialog({ kind: 'device', row: r })}>
              {t(r.devstate === 1 ? 'ui.addr.replace' : 'ui.addr.activate')}
            </Button>
          </>
        ) : null}
        {r.type === ADDRESS_TYPE.householder && mayCall(reviewRoutes.getReview.access) ? (
          <RowButton
            label="ui.review.action"
            onClick={() => nav(`/access/review?addressId=${r.addressid}`)}
            testId={`review-${r.address}`}
          />
        ) : null}
        {villaDoorUnit(r) ? (
          <Tooltip title={t('ui.addr.villaNoDelete')}>
            <Button size="small" danger disabled>
              {t('ui.delete')}
            </Button>
          </Tooltip>
        ) : (
          <DeleteButton onConfirm={() => remove([r.addressid])} />
        )}
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<AddressRow>
        breadcrumb={[crumbLink('/project/project', t('menu.project.project')), community?.name ?? '…', t('ui.addr.title')]}
        queryKey={key}
        rowKey="addressid"
        columns={columns}
        batchDelete={{
          route: addressRoutes.batchDelAddr,
          testId: 'address-batch-delete',
          refuse: (rows) => (rows.some(villaDoorUnit) ? 'addr.villaNoDelete' : undefined),
        }}
        route={addressRoutes.getAddressesPage}
        params={{ communityID: communityId }}
        filters={{
          name: 'ui.addr.name',
          type: { label: 'ui.addr.type', options: valueEnum(ADDRESS_TYPES, (v) => `addr.type.${v}`) },
          address: 'ui.addr.address',
          isvilla: { label: 'ui.addr.isVilla', options: YES_NO },
        }}
        toolbar={() => (
          <>
            <AddButton onClick={() => setDialog({ kind: 'add' })} testId="address-add" />
            <ImportButton onClick={() => importer.open()} testId="address-import" />
          </>
        )}
      />
      {addOrEdit(dialog, (row) => (
        <AddressDialog communityId={communityId} row={row} onClose={() => setDialog(null)} onSaved={() => void reload()} />
      ))}
      {dialog?.kind === 'device' ? (
        <ActivateDeviceDialog row={dialog.row} onClose={() => setDialog(null)} onSaved={() => void reload()} />
      ) : null}
      {importer.dialog}
    </>
  );
}
