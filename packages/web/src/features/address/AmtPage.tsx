import { addressRoutes, type AmtRow } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { AddButton, EditButton, ImportButton } from '../../shared/buttons.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { useListImport } from '../../shared/useListImport.tsx';
import { useRemove } from '../../shared/useRemove.ts';
import { crumbLink } from '../../shared/crumbLink.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { AmtDialog } from './AmtDialog.tsx';
import { amtsKey, useAddress } from './api.ts';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { RowActions } from '../../shared/RowActions.tsx';

type Dialog = AddOrEdit<AmtRow> | null;

/** The call-code table of one door unit (000 §2 "Call-code table (AMT) of one address"). */
export default function AmtPage() {
  const { t } = useT();
  const params = useParams();
  const communityId = Number(params.communityId);
  const addressId = Number(params.addressId);
  const isVilla = params.isvilla === '1';
  const door = useAddress(addressId).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const key = amtsKey(addressId);
  const { reload } = useListReload(key);
  const importer = useListImport(key, () => ({
    title: t('ui.amt.import'),
    templateRoute: addressRoutes.amtTemplate,
    uploadRoute: addressRoutes.uploadAMTFile,
    fields: { communityID: communityId, addressId },
  }));
  const remove = useRemove(addressRoutes.delAmtBatch, key);
  const columns: ColumnsType<AmtRow> = [
    { title: t('ui.amt.code'), dataIndex: 'code', key: 'code', sorter: true },
    { title: t('ui.amt.called'), dataIndex: 'address', key: 'address', sorter: true },
    { title: t('ui.amt.calledName'), dataIndex: 'name' },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions>
        <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} />
        {isVilla ? null : <DeleteButton onConfirm={() => remove([r.amtid])} />}
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<AmtRow>
        breadcrumb={[
          crumbLink('/project/project', t('menu.project.project')),
          crumbLink(`/project/address/${communityId}/`, door?.communityName ?? t('ui.addr.title')),
          t('ui.amt.title', { address: door?.address ?? '…' }),
        ]}
        queryKey={key}
        rowKey="amtid"
        columns={columns}
        batchDelete={isVilla ? undefined : { route: addressRoutes.delAmtBatch, testId: 'amt-batch-delete' }}
        route={addressRoutes.getAmts}
        params={{ addressId }}
        toolbar={() => (
          <>
            <AddButton onClick={() => setDialog({ kind: 'add' })} testId="amt-add" />
            {isVilla ? null : <ImportButton onClick={() => importer.open()} testId="amt-import" />}
          </>
        )}
      />
      {addOrEdit(dialog, (row) => (
        <AmtDialog
          communityId={communityId}
          callerId={addressId}
          isVilla={isVilla}
          row={row}
          onClose={() => setDialog(null)}
          onSaved={() => void reload()}
        />
      ))}
      {importer.dialog}
    </>
  );
}
