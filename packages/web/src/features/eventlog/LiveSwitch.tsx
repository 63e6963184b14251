import type { AccessLogRow, Page } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import type { ListParams } from '../../shared/ListPage.tsx';
import { useLive } from '../../shared/live.ts';
import { accessRow, belongsOnPage } from './liveAccess.ts';

/**
 * The access log's "Live" switch: while on, new access events that pass the filters are
 * prepended to the first page (newest first) without a reload; the page keeps its size.
 */
export function LiveSwitch({ listKey, params }: { listKey: readonly unknown[]; params: ListParams }) {
  const { t } = useT();
  const qc = useQueryClient();
  const [on, setOn] = useState(false);
  useLive(
    ['access'],
    (e) => {
      if (!belongsOnPage(e.data, params)) return;
      qc.setQueryData<Page<AccessLogRow>>([...listKey, params], (old) => {
        if (!old || old.rows.some((r) => r.id === e.data.id)) return old;
        return { ...old, rows: [accessRow(e.data), ...old.rows].slice(0, params.rows), total: old.total + 1 };
      });
    },
    { enabled: on, onReset: () => qc.invalidateQueries({ queryKey: listKey }) },
  );
  return (
    <Tooltip title={t('ui.live.hint')}>
      <Space size={4}>
        <Switch size="small" checked={on} onChange={setOn} data-testid="live-switch" aria-labelledby="live-switch-label" />
        <span id="live-switch-label">{t('ui.live.switch')}</span>
      </Space>
    </Tooltip>
  );
}
