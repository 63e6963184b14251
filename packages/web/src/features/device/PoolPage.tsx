import { isAdminLevel, poolRoutes, type PoolRow } from '@gatehouse/contracts';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { useSession } from '../../session/useSession.ts';
import { HardwareChoice, HardwareTags, hardwareBits } from '../../shared/hardware.tsx';
import { AddButton, EditButton, ImportButton } from '../../shared/buttons.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { useListImport } from '../../shared/useListImport.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { deletePoolEntry, POOL_KEY } from './api.ts';
import { PoolDialog } from './PoolDialog.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn, unitKindColumn } from '../../shared/columns.tsx';
import { UNIT_KIND_ENUM, YES_NO } from '../../shared/statuses.ts';

/** The hardware checkboxes of the filter bar; the value is the sum of the ticked bits. */
function HardwareFilter({ value, onChange }: { value?: number; onChange?: (v: number | undefined) => void }) {
  return <HardwareChoice value={hardwareBits(value ?? 0)} onChange={(v) => onChange?.(v.reduce((a, b) => a | b, 0) || undefined)} />;
}

type Dialog = AddOrEdit<PoolRow> | null;

/**
 * Device pool (001 §2): every known door unit by serial number. Note, edit, add,
 * import and export for roles 2 and below.
 */
export default function PoolPage() {
  const { t } = useT();
  const session = useSession();
  const admin = isAdminLevel(session?.roleId ?? 99);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { reload, act } = useListReload(POOL_KEY);
  const importer = useListImport(POOL_KEY, () => ({
    title: t('ui.dev.importPool'),
    templateRoute: poolRoutes.poolTemplate,
    uploadRoute: poolRoutes.importPool,
  }));
  const columns: ColumnsType<PoolRow> = [
    { title: t('ui.dev.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.dev.serial'), dataIndex: 'regNo', key: 'regNo', sorter: true },
    unitKindColumn(t('ui.dev.kind'), undefined, { responsive: ['md'] }),
    { title: t('ui.dev.isVilla'), dataIndex: 'isVilla', key: 'isVilla', sorter: true, render: (v: number) => t(v ? 'ui.yes' : 'ui.no') },
    {
      title: t('ui.dev.hardware'),
      dataIndex: 'hardware',
      key: 'hardware',
      sorter: true,
      render: (v: number) => <HardwareTags value={v} gap={2} />,
    },
    { title: t('ui.dev.boundTo'), dataIndex: 'address' },
    ...(admin ? [{ title: t('ui.dev.note'), dataIndex: 'note', ellipsis: true } as const] : []),
    actionsColumn(t('ui.actions'), (r) => (
      <Space>
        {admin ? <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} testId={`pool-edit-${r.regNo}`} /> : null}
        <DeleteButton testId={`pool-delete-${r.regNo}`} onConfirm={() => act(deletePoolEntry(r.id))} />
      </Space>
    )),
  ];
  return (
    <>
      <ListPage<PoolRow>
        breadcrumb={[t('menu.project'), t('menu.project.pool')]}
        queryKey={POOL_KEY}
        columns={columns}
        route={poolRoutes.getPoolPage}
        filters={{
          name: 'ui.dev.name',
          isVilla: { label: 'ui.dev.isVilla', options: YES_NO },
          unitKind: { label: 'ui.dev.kind', options: UNIT_KIND_ENUM },
          hardware: { label: 'ui.dev.hardware', render: () => <HardwareFilter /> },
        }}
        toolbar={({ params }) => {
          if (!admin) return null;
          return (
            <>
              <AddButton onClick={() => setDialog({ kind: 'add' })} testId="pool-add" />
              <ImportButton onClick={() => importer.open()} testId="pool-import" />
              <ExportButton route={poolRoutes.exportPool} params={params} sheet={t('menu.project.pool')} />
            </>
          );
        }}
      />
      {addOrEdit(dialog, (row) => (
        <PoolDialog row={row} onClose={() => setDialog(null)} onSaved={() => void reload()} />
      ))}
      {importer.dialog}
    </>
  );
}
