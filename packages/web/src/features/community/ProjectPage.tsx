import { communityRoutes, type CommunityRow, isAdminLevel } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RowActions } from '../../shared/RowActions.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { useSession } from '../../session/useSession.ts';
import { useRemove } from '../../shared/useRemove.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { COMMUNITIES_KEY } from './api.ts';
import { CoverDialog } from './CoverDialog.tsx';
import { ProjectDialog } from './ProjectDialog.tsx';
import { regionFilter } from './RegionCascader.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { AddButton, EditButton, RowButton } from '../../shared/buttons.tsx';

type Dialog = AddOrEdit<CommunityRow> | { kind: 'cover'; row: CommunityRow } | null;

/**
 * Project configuration (000 §2 "Project (community) management"): filters, sorted and
 * paged list; Edit, the engineers column, Add and batch delete for roles 2 or lower;
 * Set, Enclosure and Delete for everyone in scope.
 */
export default function ProjectPage() {
  const { t } = useT();
  const nav = useNavigate();
  const session = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const admin = isAdminLevel(session?.roleId ?? 99);
  const { reload } = useListReload(COMMUNITIES_KEY);
  const remove = useRemove(communityRoutes.batchDel, COMMUNITIES_KEY);
  const columns: ColumnsType<CommunityRow> = [
    { title: t('ui.comm.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.comm.type'), dataIndex: 'type', key: 'type', sorter: true, render: (v: number) => t(`comm.type.${v}`) },
    { title: t('ui.comm.region'), dataIndex: 'location', key: 'location', sorter: true },
    { title: t('ui.comm.address'), dataIndex: 'address', key: 'address', sorter: true, ellipsis: true },
    ...(admin ? [{ title: t('ui.comm.engineers'), dataIndex: 'engineers', ellipsis: true, width: 180 }] : []),
    { title: t('ui.comm.ip'), dataIndex: 'ip' },
    { title: t('ui.comm.addressNum'), dataIndex: 'addressNum', key: 'addressNum', sorter: true },
    { title: t('ui.comm.deviceNum'), dataIndex: 'deviceNum', key: 'deviceNum', sorter: true },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`project-actions-${r.name}`}>
        {admin ? <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} /> : null}
        <RowButton label="ui.comm.set" onClick={() => nav(`/project/address/${r.communityid}/`)} />
        <RowButton label="ui.comm.enclosure" onClick={() => setDialog({ kind: 'cover', row: r })} />
        <DeleteButton title={t('ui.comm.deleteOne', { name: r.name, count: r.addressNum })} onConfirm={() => remove([r.communityid])} />
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<CommunityRow>
        breadcrumb={[t('menu.project'), t('menu.project.project')]}
        queryKey={COMMUNITIES_KEY}
        rowKey="communityid"
        columns={columns}
        batchDelete={
          admin
            ? {
                route: communityRoutes.batchDel,
                testId: 'project-batch-delete',
                confirm: (rows) => t('ui.comm.deleteMany', { count: rows.length, addresses: rows.reduce((n, r) => n + r.addressNum, 0) }),
              }
            : undefined
        }
        route={communityRoutes.getCommunitiesByPage}
        filters={{
          name: 'ui.comm.communityName',
          location: regionFilter('ui.comm.region', 'filter-region'),
          address: 'ui.comm.address',
        }}
        toolbar={() => (admin ? <AddButton onClick={() => setDialog({ kind: 'add' })} testId="project-add" /> : null)}
      />
      {addOrEdit(dialog, (row) => (
        <ProjectDialog communityId={row?.communityid} onClose={() => setDialog(null)} onSaved={() => void reload()} />
      ))}
      {dialog?.kind === 'cover' ? (
        <CoverDialog communityId={dialog.row.communityid} name={dialog.row.name} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
