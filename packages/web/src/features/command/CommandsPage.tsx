import { CMD_TYPES, type CommandRow, ROUTES } from '@gatehouse/contracts';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { DetailDialog } from './DetailDialog.tsx';
import { COMMAND_STATUSES } from '../../shared/statuses.ts';
import { enumOptions } from '../../shared/valueEnum.tsx';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { useGmOptions } from '../gm/api.ts';
import { resendCommand } from './api.ts';
import { textFilters } from '../../shared/FilterBar.tsx';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';

const KEY = ['commands'] as const;

/** Command management (001 §2): the queue to the door units, with details and resend. */
export default function CommandsPage() {
  const { t } = useT();
  const [detail, setDetail] = useState<number | null>(null);
  const gates = useGmOptions();
  const { act } = useListReload(KEY);
  const columns: ColumnsType<CommandRow> = [
    { title: t('ui.cmd.community'), dataIndex: 'communityname' },
    { title: t('ui.cmd.address'), dataIndex: 'address' },
    { title: t('ui.cmd.account'), dataIndex: 'account' },
    { title: t('ui.cmd.gate'), dataIndex: 'gate' },
    { title: t('ui.cmd.type'), dataIndex: 'type', key: 'type', sorter: true, render: (v: number) => t(`cmd.type.${v}`) },
    enumColumn(t('ui.cmd.status'), 'status', COMMAND_STATUSES, (_v, r) => ({ 'data-testid': `cmd-status-${r.id}` })),
    { title: t('ui.cmd.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true },
    { title: t('ui.cmd.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true },
    { title: t('ui.cmd.info'), dataIndex: 'info', ellipsis: true, width: 200 },
    actionsColumn(t('ui.actions'), (r) => (
      <Space>
        <Button size="small" onClick={() => setDetail(r.id)} data-testid={`cmd-detail-${r.id}`}>
          {t('ui.details')}
        </Button>
        <ConfirmButton title={t('ui.cmd.confirmResend')} testId={`cmd-resend-${r.id}`} onConfirm={() => act(resendCommand(r.id))}>
          {t('ui.cmd.resend')}
        </ConfirmButton>
      </Space>
    )),
  ];
  return (
    <>
      <ListPage<CommandRow>
        breadcrumb={[t('menu.access'), t('menu.access.commands')]}
        queryKey={KEY}
        rowKey="id"
        columns={columns}
        route={ROUTES.command.getCommandsPage}
        filters={[
          ...textFilters(t, { address: 'ui.cmd.address', account: 'ui.cmd.account' }),
          { name: 'gateId', label: t('ui.cmd.gate'), type: 'select', options: gates.map((g) => ({ value: g.intValue, label: g.label })) },
          {
            name: 'type',
            label: t('ui.cmd.type'),
            type: 'select',
            options: CMD_TYPES.map((v) => ({ value: v, label: t(`cmd.type.${v}`) })),
          },
          {
            name: 'status',
            label: t('ui.cmd.status'),
            type: 'select',
            options: enumOptions(COMMAND_STATUSES, t),
          },
        ]}
      />
      {detail !== null ? <DetailDialog id={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
