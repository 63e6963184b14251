import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin } from 'antd';
import { call } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

/** A command's label / value pairs: payload, attempts, device answers, timings. */
export function DetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useT();
  const q = useQuery({ queryKey: ['commandDetail', id], queryFn: () => call(ROUTES.command.getDetailByCmdId, { id }), gcTime: 0 });
  return (
    <Modal
      open
      title={t('ui.cmd.detail')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
      destroyOnHidden
    >
      {q.data ? (
        <Descriptions size="small" column={1} bordered data-testid="command-detail">
          {q.data.map((p) => (
            <Descriptions.Item key={p.label} label={p.label}>
              <span style={{ wordBreak: 'break-all', fontFamily: p.strValue.startsWith('{') ? 'monospace' : undefined }}>{p.strValue}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
