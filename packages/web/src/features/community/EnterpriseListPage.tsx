import { communityRoutes, type EnterpriseRow } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { EditButton, RowButton } from '../../shared/buttons.tsx';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { ENTERPRISES_KEY } from './api.ts';
import { CoverDialog } from './CoverDialog.tsx';
import { EnterpriseDialog } from './EnterpriseDialog.tsx';
import { regionFilter } from './RegionCascader.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { RowActions } from '../../shared/RowActions.tsx';

type Dialog = { kind: 'edit'; row: EnterpriseRow } | { kind: 'cover'; row: EnterpriseRow } | null;

/** The enterprise list (001 §2): an enterprise user sees only its own company. */
export default function EnterpriseListPage() {
  const { t } = useT();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { reload } = useListReload(ENTERPRISES_KEY);
  const columns: ColumnsType<EnterpriseRow> = [
    { title: t('ui.ent.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.ent.phone'), dataIndex: 'regNo', key: 'regNo', sorter: true },
    { title: t('ui.comm.region'), dataIndex: 'location', key: 'location', sorter: true },
    { title: t('ui.comm.address'), dataIndex: 'address', key: 'address', sorter: true, ellipsis: true },
    { title: t('ui.comm.deviceNum'), dataIndex: 'deviceNum', key: 'deviceNum', sorter: true },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions>
        <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} />
        <RowButton label="ui.comm.cover" onClick={() => setDialog({ kind: 'cover', row: r })} />
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<EnterpriseRow>
        breadcrumb={[t('menu.enterprise'), t('menu.enterprise.list')]}
        queryKey={ENTERPRISES_KEY}
        rowKey="communityid"
        columns={columns}
        route={communityRoutes.getEnterprisesPage}
        filters={{
          userPhone: 'ui.ent.phone',
          communityName: 'ui.ent.name',
          communityLocation: regionFilter('ui.comm.region'),
        }}
      />
      {dialog?.kind === 'edit' ? <EnterpriseDialog row={dialog.row} onClose={() => setDialog(null)} onSaved={() => void reload()} /> : null}
      {dialog?.kind === 'cover' ? (
        <CoverDialog communityId={dialog.row.communityid} name={dialog.row.name} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
