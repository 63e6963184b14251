import type { GroupRow } from '@gatehouse/contracts';
import { Space, Tag } from 'antd';
import { useT } from '../../i18n/index.ts';
import { useGroups } from './api.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { RulesTab } from './RulesTab.tsx';

/** The community's access groups: door units with a schedule; cards are given groups in their door-unit dialog. */
export function GroupsTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  return (
    <RulesTab<GroupRow>
      kind="group"
      communityId={communityId}
      list={useGroups(communityId)}
      columns={[
        { title: t('ui.rules.name'), dataIndex: 'name' },
        { title: t('ui.rules.schedule'), dataIndex: 'scheduleName' },
        {
          title: t('ui.rules.units'),
          key: 'units',
          render: (_v, r) => (
            <Space wrap size={4}>
              {r.units.map((u) => (
                <Tag key={u.id}>{u.name}</Tag>
              ))}
            </Space>
          ),
        },
        { title: t('ui.rules.cards'), dataIndex: 'cardCount', width: 90 },
        { title: t('ui.rules.faces'), dataIndex: 'faceCount', width: 90 },
      ]}
      confirmDelete={t('ui.rules.confirmDeleteGroup')}
      dialog={(row, onClose) => <GroupDialog communityId={communityId} row={row} onClose={onClose} />}
    />
  );
}
