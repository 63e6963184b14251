import type { RouteDef } from '@gatehouse/contracts';
import { Button, Popconfirm } from 'antd';
import type { Key } from 'react';
import { useT } from '../i18n/index.ts';
import { useRemove } from './useRemove.ts';
import { useApp } from './useApp.ts';

/** A list's batch delete (ListPage `batchDelete`): the route takes `ids`. */
export interface BatchDeleteDef<Row> {
  route: RouteDef;
  testId: string;
  /** The question for these rows (translated); default "Delete the N selected rows?". */
  confirm?: (rows: Row[]) => string;
  /** A catalogue key when these rows may not be deleted: shown, nothing sent. */
  refuse?: (rows: Row[]) => string | undefined;
}

interface Props<Row> {
  def: BatchDeleteDef<Row>;
  listKey: readonly unknown[];
  keys: Key[];
  rows: Row[];
  clearSelection: () => void;
}

/** Batch delete: a warning when nothing is selected, else confirm, delete, reload, clear the selection. */
export function BatchDeleteButton<Row>({ def, listKey, keys, rows, clearSelection }: Props<Row>) {
  const { t } = useT();
  const { message } = useApp();
  const remove = useRemove(def.route, listKey);
  if (!keys.length)
    return (
      <Button danger onClick={() => message.warning(t('ui.selectFirst'))} data-testid={def.testId}>
        {t('ui.batchDelete')}
      </Button>
    );
  const confirmed = async () => {
    const refused = def.refuse?.(rows);
    if (refused) message.error(t(refused));
    else if (await remove(keys.map(Number))) clearSelection();
  };
  return (
    <Popconfirm
      title={def.confirm?.(rows) ?? t('ui.confirmBatchDelete', { count: keys.length })}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
      onConfirm={confirmed}
    >
      <Button danger data-testid={def.testId}>
        {t('ui.batchDelete')}
      </Button>
    </Popconfirm>
  );
}
