import { DELIVERY_STATUS, type DeliveryRow, type WebhookRow } from '@gatehouse/contracts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { InfoDialog } from '../../shared/InfoDialog.tsx';
import { useDeliveries } from './api.ts';
import { RegionTable } from '../../shared/scrollRegion.tsx';

const COLOURS: Record<number, string> = {
  [DELIVERY_STATUS.pending]: 'processing',
  [DELIVERY_STATUS.delivered]: 'success',
  [DELIVERY_STATUS.failed]: 'error',
  [DELIVERY_STATUS.cancelled]: 'default',
};

/** A webhook's delivery log: status, response code, attempts, the last error, the next retry. */
export function DeliveriesDialog({ hook, onClose }: { hook: WebhookRow; onClose: () => void }) {
  const { t } = useT();
  const [page, setPage] = useState(0);
  const rows = 20;
  const q = useDeliveries(hook.id, page, rows);
  return (
    <InfoDialog title={`${t('ui.webhook.deliveries')} — ${hook.url}`} width={1000} onClose={onClose}>
      <RegionTable<DeliveryRow>
        name={t('ui.webhook.deliveries')}
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.rows ?? []}
        data-testid="webhook-deliveries"
        pagination={{
          current: page + 1,
          pageSize: rows,
          total: q.data?.total ?? 0,
          onChange: (p) => setPage(p - 1),
          showSizeChanger: false,
        }}
        columns={[
          { title: t('ui.webhook.col.created'), dataIndex: 'createdAt' },
          { title: t('ui.webhook.col.kind'), dataIndex: 'kind', render: (k: string) => t(`webhook.kind.${k}`) },
          {
            title: t('ui.webhook.col.status'),
            dataIndex: 'status',
            render: (s: number) => <Tag color={COLOURS[s]}>{t(`webhook.delivery.${s}`)}</Tag>,
          },
          { title: t('ui.webhook.col.code'), dataIndex: 'responseCode', render: (c: number) => c || '-' },
          { title: t('ui.webhook.col.attempts'), dataIndex: 'attempts' },
          { title: t('ui.webhook.col.error'), dataIndex: 'lastError', ellipsis: true },
          { title: t('ui.webhook.col.next'), dataIndex: 'nextAttemptAt' },
          { title: t('ui.webhook.col.delivered'), dataIndex: 'deliveredAt' },
        ]}
      />
    </InfoDialog>
  );
}
