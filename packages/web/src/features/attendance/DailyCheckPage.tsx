import { attendanceRoutes, type DailycheckCompany } from '@gatehouse/contracts';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { regionFilter } from '../community/RegionCascader.tsx';
import { COMPANIES_KEY } from './api.ts';
import { RuleDialog } from './RuleDialog.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { RowButton } from '../../shared/buttons.tsx';

/**
 * Attendance settings (001 §2 /access/dailycheck): the companies in scope. "Daily
 * detail" goes to /dailycheckrelation/dailydetail/{communityid}/: the spec's comId is
 * a registration number, but projects have none, so the page is addressed by the
 * community id, which is stable and can be bookmarked.
 */
export default function DailyCheckPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<DailycheckCompany | null>(null);
  const columns: ColumnsType<DailycheckCompany> = [
    { title: t('ui.att.company'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('ui.att.regNo'), dataIndex: 'regNo', key: 'regNo', sorter: true },
    { title: t('ui.att.region'), dataIndex: 'location', key: 'location', sorter: true },
    { title: t('ui.att.address'), dataIndex: 'address', ellipsis: true },
    {
      title: t('ui.att.rule'),
      key: 'rule',
      render: (_v, r) => (r.vtype === 1 ? `${t('ui.att.mode.1')} · ${t('ui.att.punches', { n: r.type })}` : t('ui.att.mode.2')),
    },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions>
        <RowButton label="ui.att.settings" onClick={() => setEditing(r)} />
        <RowButton
          label="ui.att.dailyDetail"
          onClick={() => navigate(`/dailycheckrelation/dailydetail/${r.communityid}/`, { state: { name: r.name } })}
        />
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<DailycheckCompany>
        breadcrumb={[t('menu.access'), t('menu.access.dailycheck')]}
        queryKey={COMPANIES_KEY}
        rowKey="communityid"
        columns={columns}
        route={attendanceRoutes.getDailycheckCompanies}
        filters={{
          name: 'ui.att.company',
          regNo: 'ui.att.regNo',
          location: regionFilter('ui.att.region'),
        }}
      />
      {editing ? <RuleDialog communityId={editing.communityid} name={editing.name} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
