import { accountRoutes, type AccountRow, isSystemAdmin, PERMISSION_FILTER_ROLES, roleNameKey } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { PERM_ACCOUNTS_KEY } from './api.ts';
import { PermissionDialog } from './PermissionDialog.tsx';
import { ACCOUNT_STATES } from '../../shared/statuses.ts';
import { valueEnum } from '../../shared/valueEnum.tsx';
import { RowButton } from '../../shared/buttons.tsx';

/** Permission management (000 §2): accounts with menus (roles up to 5, and 10) and their menu grants. */
export default function PermissionPage() {
  const { t } = useT();
  const [editing, setEditing] = useState<AccountRow | null>(null);
  const columns: ColumnsType<AccountRow> = [
    { title: t('ui.acc.regNo'), dataIndex: 'regNo', key: 'regNo', sorter: true },
    { title: t('ui.acc.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.acc.role'), dataIndex: 'roleName', key: 'roleID', sorter: true },
    enumColumn(t('ui.acc.state'), 'state', ACCOUNT_STATES, (v) => ({ 'data-testid': `state-${v}` })),
    { title: t('ui.acc.community'), dataIndex: 'communityNames', ellipsis: true, width: 220 },
    { title: t('ui.acc.regTime'), dataIndex: 'regTime', key: 'regTime', sorter: true },
    actionsColumn(t('ui.actions'), (r) =>
      isSystemAdmin(r.roleID) ? null : <RowButton label="ui.perm.configure" onClick={() => setEditing(r)} testId={`perm-${r.regNo}`} />,
    ),
  ];
  return (
    <>
      <ListPage<AccountRow>
        breadcrumb={[t('menu.permission')]}
        queryKey={PERM_ACCOUNTS_KEY}
        rowKey="userid"
        columns={columns}
        route={accountRoutes.searchAccountsForPerm}
        filters={{
          regNo: 'ui.acc.regNo',
          name: 'ui.acc.name',
          roleID: { label: 'ui.acc.role', options: valueEnum(PERMISSION_FILTER_ROLES, roleNameKey) },
        }}
      />
      {editing ? <PermissionDialog account={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
