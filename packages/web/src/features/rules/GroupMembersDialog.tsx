import { type GroupMember, type GroupRow, RULES_LIMITS } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { RowButton } from '../../shared/buttons.tsx';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { addGroupMembers, removeGroupMembers, rulesOf, useGroupCandidates, useGroupMembers } from './api.ts';
import { RegionTable } from '../../shared/scrollRegion.tsx';

const keyOf = (m: Pick<GroupMember, 'kind' | 'id'>) => `${m.kind}:${m.id}`;

/** The Members button of a group's row, and its dialog. */
export function GroupMembersButton({ row }: { row: GroupRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowButton label="ui.rules.members" onClick={() => setOpen(true)} testId={`group-members-${row.id}`} />
      {open ? <GroupMembersDialog group={row} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * A group's members on its own page (issue 36 item 10): the cards and faces it holds, found by
 * card number, account or name among the community's and added, or removed; what the group's door
 * units must hold of each is sent at once.
 */
function GroupMembersDialog({ group, onClose }: { group: GroupRow; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const members = useGroupMembers(group.communityId, group.id);
  const [text, setText] = useState('');
  const candidates = useGroupCandidates(group.id, text);
  const [picked, setPicked] = useState<string[]>([]);
  const [found, setFound] = useState<Map<string, GroupMember>>(new Map());
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: rulesOf(group.communityId) });
    await qc.invalidateQueries({ queryKey: ['groupCandidates', group.id] });
  };
  const idsOf = (kind: GroupMember['kind'], keys: string[]) =>
    keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => Number(k.slice(kind.length + 1)));
  const add = async () => {
    await addGroupMembers(group.id, idsOf('card', picked), idsOf('face', picked));
    setPicked([]);
    await refresh();
  };
  const remove = async (m: GroupMember) => {
    await removeGroupMembers(group.id, m.kind === 'card' ? [m.id] : [], m.kind === 'face' ? [m.id] : []);
    await refresh();
  };
  const options = (candidates.data ?? []).map((m) => ({
    value: keyOf(m),
    label: `${t(m.kind === 'card' ? 'ui.rules.memberCard' : 'ui.rules.memberFace')} ${m.label} · ${m.account} · ${m.address}`,
  }));
  const data = members.data;
  const shown = data?.members.length ?? 0;
  return (
    <Modal
      open
      title={t('ui.rules.membersTitle', { name: group.name })}
      width={860}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('ui.close')}</Button>}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          style={{ width: '100%' }}
          aria-label={t('ui.rules.memberSearch')}
          placeholder={t('ui.rules.memberSearch')}
          data-testid="group-member-search"
          value={picked}
          onSearch={setText}
          onChange={(v: string[]) => {
            const next = new Map(found);
            for (const m of candidates.data ?? []) next.set(keyOf(m), m);
            setFound(next);
            setPicked(v);
          }}
          options={options}
          notFoundContent={text.trim() ? t('ui.rules.noCandidates') : null}
        />
        <Button type="primary" disabled={!picked.length} onClick={() => void add()} data-testid="group-member-add">
          {t('ui.rules.addMembers')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" data-testid="group-member-counts">
        {t('ui.rules.memberCounts', { cards: data?.cards ?? 0, faces: data?.faces ?? 0 })}
        {data && shown < data.cards + data.faces ? ` ${t('ui.rules.membersFirst', { n: RULES_LIMITS.membersShown })}` : ''}
      </Typography.Paragraph>
      <RegionTable<GroupMember>
        name={t('ui.rules.membersTitle', { name: group.name })}
        size="small"
        rowKey={keyOf}
        loading={members.isLoading}
        dataSource={data?.members ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: t('ui.rules.noMembers') }}
        columns={[
          {
            title: t('ui.rules.memberKind'),
            key: 'kind',
            width: 90,
            render: (_v, m) => <Tag>{t(m.kind === 'card' ? 'ui.rules.memberCard' : 'ui.rules.memberFace')}</Tag>,
          },
          { title: t('ui.rules.memberLabel'), dataIndex: 'label' },
          { title: t('ui.card.account'), dataIndex: 'account' },
          { title: t('ui.card.household'), dataIndex: 'address' },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 100,
            render: (_v, m) => (
              <ConfirmButton
                title={t('ui.rules.confirmRemoveMember', { label: m.label })}
                testId={`group-member-remove-${keyOf(m)}`}
                onConfirm={() => remove(m)}
              >
                {t('ui.rules.removeMember')}
              </ConfirmButton>
            ),
          },
        ]}
      />
    </Modal>
  );
}
