import type { CommunityOption } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { switchCommunity, useHomeCommunities } from '../../api/session.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../shared/useApp.ts';
import { RegionTable } from '../../shared/scrollRegion.tsx';

/** Search by name, pick one community, OK (requires a choice), Reset (all = 0), Cancel. */
export function CommunitySwitchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const { message } = useApp();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const q = useHomeCommunities(search);
  const apply = async (communityId: number) => {
    await switchCommunity(communityId);
    message.success(t('community.switched'));
    await qc.invalidateQueries();
    onClose();
  };
  return (
    <Modal
      open
      title={t('ui.switchCommunity')}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="reset" onClick={() => void apply(0).catch(() => undefined)}>
          {t('ui.reset')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('ui.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          onClick={() => {
            if (picked === null) {
              message.warning(t('ui.chooseCommunity'));
              return;
            }
            void apply(picked).catch(() => undefined);
          }}
        >
          {t('ui.ok')}
        </Button>,
      ]}
    >
      <Input.Search
        placeholder={t('ui.communityName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onSearch={(v) => setSearch(v.trim())}
        enterButton={t('ui.search')}
        style={{ marginBottom: 12 }}
      />
      <RegionTable<CommunityOption>
        name={t('ui.switchCommunity')}
        rowKey="communityid"
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ y: 320 }}
        rowSelection={{ type: 'radio', selectedRowKeys: picked === null ? [] : [picked], onChange: (keys) => setPicked(Number(keys[0])) }}
        onRow={(r) => ({ onClick: () => setPicked(r.communityid) })}
        columns={[
          { title: t('ui.communityName'), dataIndex: 'name' },
          { title: t('ui.region'), dataIndex: 'location' },
          { title: t('ui.address'), dataIndex: 'address' },
        ]}
      />
    </Modal>
  );
}
