import { DownloadOutlined } from '@ant-design/icons';
import type { RouteDef } from '@gatehouse/contracts';
import { Button } from 'antd';
import { download } from '../api/client.ts';
import { useT } from '../i18n/index.ts';

/**
 * A list's export: its raw route called with the list's filters and sort (paging
 * dropped), the file named after the sheet when the server names none.
 */
export function ExportButton({ route, params, sheet }: { route: RouteDef; params: Record<string, unknown>; sheet: string }) {
  const { t } = useT();
  const { page: _p, rows: _r, ...filters } = params;
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void download(route, filters, `${sheet}.xlsx`)}>
      {t('ui.export')}
    </Button>
  );
}
