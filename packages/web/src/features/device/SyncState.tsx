import { CMD_STATUS, type SyncState } from '@gatehouse/contracts';
import { Link } from 'react-router';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
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

/**
 * Commands still pending and failed for the unit; "in sync" when none (devices/sync-state.ts on the
 * server says what counts). The failed tag opens the command list at the unit's failed commands,
 * each with the unit's answer (Info).
 */
export function SyncTags({ s, serial, gateId }: { s: Pick<SyncState, 'pending' | 'failed'>; serial: string | null; gateId: number }) {
  const { t } = useT();
  if (!serial) return null;
  if (!s.pending && !s.failed) return <Tag color="blue">{t('ui.dev.synced')}</Tag>;
  return (
    <Space size={2}>
      {s.pending ? <Tag color="gold">{t('ui.dev.pending', { n: s.pending })}</Tag> : null}
      {s.failed ? (
        <Link to={`/access/commands?gateId=${gateId}&status=${CMD_STATUS.failed}`} data-testid={`failed-${serial}`}>
          <Tag color="error">{t('ui.dev.failed', { n: s.failed })}</Tag>
        </Link>
      ) : null}
    </Space>
  );
}

/** The server-sorted online column of a door-unit list (`serialOf`: the row's device, null when none). */
export const onlineColumn = <Row extends SyncState>(title: string, serialOf: (row: Row) => string | null): ColumnType<Row> => ({
  title,
  dataIndex: 'online',
  key: 'online',
  sorter: true,
  render: (_v, r) => <OnlineTag s={r} serial={serialOf(r)} />,
});

/** The sync column of a door-unit list: the unit's pending and failed commands. */
export const syncColumn = <Row extends SyncState & { addressid: number }>(
  title: string,
  serialOf: (row: Row) => string | null,
): ColumnType<Row> => ({
  title,
  key: 'sync',
  render: (_v, r) => <SyncTags s={r} serial={serialOf(r)} gateId={r.addressid} />,
});
