import { type AmtRow, ROUTES } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { ImportDialog } from '../../shared/ImportDialog.tsx';
import { useRemove } from '../../shared/useRemove.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { AmtDialog } from './AmtDialog.tsx';
import { amtsKey, useAddress } from './api.ts';

type Dialog = { kind: 'add' } | { kind: 'edit'; row: AmtRow } | { kind: 'import' } | null;

/** The call-code table of one door unit (000 §2 "Call-code table (AMT) of one address"). */
export default function AmtPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const params = useParams();
  const communityId = Number(params.communityId);
  const addressId = Number(params.addressId);
  const isVilla = params.isvilla === '1';
  const door = useAddress(addressId).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const key = amtsKey(addressId);
  const reload = () => qc.invalidateQueries({ queryKey: key });
  const remove = useRemove(ROUTES.address.delAmtBatch, key);
  const columns: ColumnsType<AmtRow> = [
    { title: t('ui.amt.code'), dataIndex: 'code', key: 'code', sorter: true },
    { title: t('ui.amt.called'), dataIndex: 'address', key: 'address', sorter: true },
    { title: t('ui.amt.calledName'), dataIndex: 'name' },
    {
      title: t('ui.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => setDialog({ kind: 'edit', row: r })}>
            {t('ui.edit')}
          </Button>
          {isVilla ? null : (
            <Popconfirm title={t('ui.confirmDelete')} okText={t('ui.ok')} cancelText={t('ui.cancel')} onConfirm={() => remove([r.amtid])}>
              <Button size="small" danger>
                {t('ui.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<AmtRow>
        breadcrumb={[
          <Link key="p" to="/project/project">{t('menu.project.project')}</Link>,
          <Link key="a" to={`/project/address/${communityId}/`}>{door?.communityName ?? t('ui.addr.title')}</Link>,
          t('ui.amt.title', { address: door?.address ?? '…' }),
        ]}
        queryKey={key}
        rowKey="amtid"
        columns={columns}
        selectable={!isVilla}
        fetch={(p) => call(ROUTES.address.getAmts, { ...p, addressId })}
        toolbar={({ selectedKeys, clearSelection }) => (
          <>
            <Button type="primary" onClick={() => setDialog({ kind: 'add' })} data-testid="amt-add">
              {t('ui.add')}
            </Button>
            {isVilla ? null : (
              <>
                <Button onClick={() => setDialog({ kind: 'import' })} data-testid="amt-import">
                  {t('ui.import')}
                </Button>
                {selectedKeys.length ? (
                  <Popconfirm
                    title={t('ui.confirmBatchDelete', { count: selectedKeys.length })}
                    okText={t('ui.ok')}
                    cancelText={t('ui.cancel')}
                    onConfirm={async () => {
                      if (await remove(selectedKeys.map(Number))) clearSelection();
                    }}
                  >
                    <Button danger data-testid="amt-batch-delete">
                      {t('ui.batchDelete')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button danger onClick={() => message.warning(t('ui.selectFirst'))} data-testid="amt-batch-delete">
                    {t('ui.batchDelete')}
                  </Button>
                )}
              </>
            )}
          </>
        )}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <AmtDialog
          communityId={communityId}
          callerId={addressId}
          isVilla={isVilla}
          row={dialog.kind === 'edit' ? dialog.row : undefined}
          onClose={() => setDialog(null)}
          onSaved={() => void reload()}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog
          title={t('ui.amt.import')}
          templateRoute={ROUTES.address.amtTemplate}
          templateName={`${t('sheet.amt')}.xlsx`}
          uploadRoute={ROUTES.address.uploadAMTFile}
          fields={{ communityID: communityId, addressId }}
          onClose={() => setDialog(null)}
          onImported={() => void reload()}
        />
      ) : null}
    </>
  );
}
