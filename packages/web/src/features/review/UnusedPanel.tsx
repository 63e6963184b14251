import { reviewRoutes, UNUSED_KINDS, type UnusedRow } from '@gatehouse/contracts';
import { InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { ListPage, type ToolbarCtx } from '../../shared/ListPage.tsx';
import { useListReload } from '../../shared/useListReload.ts';
import { valueEnum } from '../../shared/valueEnum.tsx';
import { expireUnused, UNUSED_KEY } from './api.ts';

const DEFAULT_DAYS = 90;

/** What can be done to the selected rows at once: its question and its button's text. */
const BULK_ACTIONS = [
  { action: 'disable', confirm: 'ui.review.confirmDisable', text: 'ui.review.disableSelected' },
  { action: 'delete', confirm: 'ui.review.confirmDelete', text: 'ui.review.deleteSelected' },
] as const;

/** Cards and faces not used for N days (server-side paging and filters), disabled or deleted in bulk. */
export function UnusedPanel() {
  const { t } = useT();
  const [days, setDays] = useState(DEFAULT_DAYS);
  const { act } = useListReload(UNUSED_KEY);
  const columns: ColumnsType<UnusedRow> = [
    { title: t('ui.review.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{t(`review.kind.${k}`)}</Tag> },
    { title: t('review.col.label'), dataIndex: 'label' },
    { title: t('review.col.account'), dataIndex: 'account', key: 'account', sorter: true },
    { title: t('ui.review.community.col'), dataIndex: 'communityName' },
    { title: t('review.col.address'), dataIndex: 'address', key: 'address', sorter: true },
    {
      title: t('review.col.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={s === 'enable' ? 'green' : undefined}>{t(`ui.face.status.${s}`)}</Tag>,
    },
    { title: t('ui.review.createdAt'), dataIndex: 'createdAt' },
    {
      title: t('review.col.lastUsed'),
      dataIndex: 'lastUsed',
      key: 'lastUsed',
      sorter: true,
      render: (v: string) => v || t('ui.review.never'),
    },
    { title: t('ui.review.idleDays'), dataIndex: 'idleDays' },
  ];
  const selection = (rows: UnusedRow[]) => ({
    cards: rows.filter((r) => r.kind === 'card').map((r) => r.id),
    faces: rows.filter((r) => r.kind === 'face').map((r) => r.id),
  });
  const toolbar = ({ selectedRows, clearSelection }: ToolbarCtx<UnusedRow>) => {
    const s = selection(selectedRows);
    const run = (action: 'disable' | 'delete') => act(expireUnused(s.cards, s.faces, action).then(clearSelection));
    return (
      <Space>
        <span>{t('ui.review.days')}</span>
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          value={days}
          onChange={(v) => setDays(v ?? DEFAULT_DAYS)}
          data-testid="unused-days"
          aria-label={t('ui.review.days')}
        />
        {BULK_ACTIONS.map((b) => (
          <ConfirmButton
            key={b.action}
            danger={b.action === 'delete'}
            title={t(b.confirm, { n: selectedRows.length })}
            disabled={!selectedRows.length}
            onConfirm={() => run(b.action)}
            testId={`unused-${b.action}`}
          >
            {t(b.text)}
          </ConfirmButton>
        ))}
      </Space>
    );
  };
  return (
    <ListPage<UnusedRow>
      breadcrumb={[]}
      queryKey={[...UNUSED_KEY, days]}
      rowKey="key"
      columns={columns}
      route={reviewRoutes.getUnusedPage}
      params={{ days }}
      selectable
      toolbar={toolbar}
      filters={{
        kind: { label: 'ui.review.kind', options: valueEnum(UNUSED_KINDS, (k) => `review.kind.${k}`) },
        account: 'review.col.account',
        address: 'review.col.address',
      }}
    />
  );
}
