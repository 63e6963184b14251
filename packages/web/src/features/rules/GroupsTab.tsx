import type { GroupRow } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { actionsColumn } from '../../shared/columns.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { deleteGroup, useGroups } from './api.ts';
import { GroupDialog } from './GroupDialog.tsx';

/** The community's access groups: door units with a schedule; cards are given groups in their door-unit dialog. */
export function GroupsTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  const qc = useQueryClient();
  const list = useGroups(communityId);
  const [editing, setEditing] = useState<GroupRow | null | undefined>(undefined);
  const reload = () => qc.invalidateQueries({ queryKey: ['rules', communityId] });
  return (
    <>
      <PlainList<GroupRow>
        toolbar={
          <Button type="primary" data-testid="group-add" onClick={() => setEditing(null)}>
            {t('ui.rules.addGroup')}
          </Button>
        }
        rows={list.data}
        loading={list.isLoading}
        empty={t('ui.rules.noGroups')}
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
          actionsColumn(
            t('ui.actions'),
            (r) => (
              <RowActions>
                <Button size="small" data-testid={`group-edit-${r.id}`} onClick={() => setEditing(r)}>
                  {t('ui.edit')}
                </Button>
                <DeleteButton
                  title={t('ui.rules.confirmDeleteGroup')}
                  testId={`group-delete-${r.id}`}
                  onConfirm={() => deleteGroup(r.id).then(reload)}
                />
              </RowActions>
            ),
            { width: 160 },
          ),
        ]}
      />
      {editing !== undefined ? <GroupDialog communityId={communityId} row={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
