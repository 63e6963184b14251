import type { SyncState } from '@gatehouse/contracts';
import { Space, Tag, Tooltip } from 'antd';
import { useT } from '../../i18n/index.ts';

/** Online tag with the last-seen time as a tooltip. */
export function OnlineTag({ s, serial }: { s: Pick<SyncState, 'online' | 'lastSeen'>; serial: string | null }) {
  const { t } = useT();
  if (!serial) return <Tag>{t('ui.dev.noDevice')}</Tag>;
  return (
    <Tooltip title={s.lastSeen ? `${t('ui.dev.lastSeen')}: ${s.lastSeen}` : undefined}>
      <Tag color={s.online ? 'success' : 'default'} data-testid={`online-${serial}`}>
        {t(s.online ? 'device.online' : 'device.offline')}
      </Tag>
    </Tooltip>
  );
}

/** Commands still pending and failed for the unit; "in sync" when none. */
export function SyncTags({ s, serial }: { s: Pick<SyncState, 'pending' | 'failed'>; serial: string | null }) {
  const { t } = useT();
  if (!serial) return null;
  if (!s.pending && !s.failed) return <Tag color="blue">{t('ui.dev.synced')}</Tag>;
  return (
    <Space size={2}>
      {s.pending ? <Tag color="gold">{t('ui.dev.pending', { n: s.pending })}</Tag> : null}
      {s.failed ? <Tag color="error">{t('ui.dev.failed', { n: s.failed })}</Tag> : null}
    </Space>
  );
}
