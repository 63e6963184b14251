import { accountRoutes, type AccountRow, reviewRoutes } from '@gatehouse/contracts';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mayCall } from '../../session/access.ts';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { useSession } from '../../session/useSession.ts';
import { AddButton, EditButton, ImportButton } from '../../shared/buttons.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { useListImport } from '../../shared/useListImport.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { AccountDialog } from './AccountDialog.tsx';
import { ACCOUNTS_KEY, useSearchRoles } from './api.ts';
import { ACCOUNT_STATES } from '../../shared/statuses.ts';
import { useApp } from '../../shared/useApp.ts';

type Dialog = AddOrEdit<AccountRow> | null;

/**
 * Account management (000 §2): filters, sorted and paged list with selection,
 * Add, Edit (not for door units and other, 8 and 9), Import and batch delete (none
 * of them for enterprise users, role 10).
 */
export default function AccountPage() {
  const { t } = useT();
  const { message } = useApp();
  const session = useSession();
  const roles = useSearchRoles();
  const [dialog, setDialog] = useState<Dialog>(null);
  const enterprise = session?.roleId === 10;
  const navigate = useNavigate();
  const { reload } = useListReload(ACCOUNTS_KEY);
  // into the header's community (the import needs one: openImport)
  const importer = useListImport(ACCOUNTS_KEY, () => ({
    title: t('ui.acc.importInto', { name: session?.communityName ?? '' }),
    templateRoute: accountRoutes.accountTemplate,
    uploadRoute: accountRoutes.uploadAccountFile,
    progressRoute: accountRoutes.getImportProgress,
    fields: { communityID: session?.communityId ?? 0 },
  }));
  const columns: ColumnsType<AccountRow> = [
    { title: t('ui.acc.regNo'), dataIndex: 'regNo', key: 'regNo', sorter: true },
    { title: t('ui.acc.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.acc.areacode'), dataIndex: 'areacode', render: (v: string) => `+${v}` },
    { title: t('ui.acc.role'), dataIndex: 'roleName', key: 'roleID', sorter: true },
    enumColumn(t('ui.acc.state'), 'state', ACCOUNT_STATES, (v) => ({ 'data-testid': `state-${v}` })),
    { title: t('ui.acc.community'), dataIndex: 'communityNames', ellipsis: true, width: 200 },
    { title: t('ui.acc.address'), dataIndex: 'addressStrs', ellipsis: true, width: 160 },
    { title: t('ui.acc.regTime'), dataIndex: 'regTime', key: 'regTime', sorter: true },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions>
        {r.roleID === 8 || r.roleID === 9 ? null : (
          <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} testId={`edit-${r.regNo}`} />
        )}
        {mayCall(reviewRoutes.getReview.access) ? (
          <Button
            size="small"
            onClick={() => navigate(`/access/review?account=${encodeURIComponent(r.regNo)}`)}
            data-testid={`review-${r.regNo}`}
          >
            {t('ui.review.action')}
          </Button>
        ) : null}
      </RowActions>
    )),
  ];
  const openImport = () => {
    if (!session?.communityId) message.warning(t('v.chooseCommunity'));
    else importer.open();
  };
  return (
    <>
      <ListPage<AccountRow>
        breadcrumb={[t('menu.account')]}
        queryKey={ACCOUNTS_KEY}
        rowKey="userid"
        columns={columns}
        batchDelete={enterprise ? undefined : { route: accountRoutes.batchDel, testId: 'account-batch-delete' }}
        route={accountRoutes.searchAccounts}
        filters={{
          regNo: 'ui.acc.regNo',
          name: 'ui.acc.name',
          addressStrs: 'ui.acc.address',
          roleID: { label: 'ui.acc.role', options: roles.map((r) => ({ value: r.intValue, label: r.label })) },
          state: { label: 'ui.acc.state', options: ACCOUNT_STATES },
        }}
        toolbar={() =>
          enterprise ? null : (
            <>
              <AddButton onClick={() => setDialog({ kind: 'add' })} testId="account-add" />
              <ImportButton onClick={openImport} testId="account-import" />
            </>
          )
        }
      />
      {addOrEdit(dialog, (row) => (
        <AccountDialog userId={row?.userid} onClose={() => setDialog(null)} onSaved={() => void reload()} />
      ))}
      {importer.dialog}
    </>
  );
}
