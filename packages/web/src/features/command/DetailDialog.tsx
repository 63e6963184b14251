import { Descriptions, Spin } from 'antd';
import { useT } from '../../i18n/index.ts';
import { InfoDialog } from '../../shared/InfoDialog.tsx';
import { useCommandDetail } from './api.ts';

/** A command's label / value pairs: payload, attempts, device answers, timings. */
export function DetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useT();
  const q = useCommandDetail(id);
  return (
    <InfoDialog title={t('ui.cmd.detail')} width={720} onClose={onClose}>
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
    </InfoDialog>
  );
}
