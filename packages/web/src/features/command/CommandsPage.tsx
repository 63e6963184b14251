import { CMD_TYPES, commandRoutes, type CommandRow } from '@gatehouse/contracts';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { DetailDialog } from './DetailDialog.tsx';
import { COMMAND_STATUSES, UNIT_KIND_ENUM } from '../../shared/statuses.ts';
import { enumText, valueEnum } from '../../shared/valueEnum.tsx';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { useGmOptions } from '../gm/api.ts';
import { resendCommand } from './api.ts';
import { actionsColumn, enumColumn, unitKindColumn } from '../../shared/columns.tsx';
import { useLiveRows } from '../../shared/liveRows.ts';
import { RowButton } from '../../shared/buttons.tsx';

const KEY = ['commands'] as const;
const CMD_TYPE = valueEnum(CMD_TYPES, (v) => `cmd.type.${v}`);

/** Command management (001 §2): the queue to the door units, with details and resend. */
export default function CommandsPage() {
  const { t } = useT();
  // A door unit's failed commands, linked from its sync tag (?gateId=&status=): the list opens filtered.
  const [search] = useSearchParams();
  const initial = Object.fromEntries(
    (['gateId', 'status'] as const).flatMap((k) =>
      search.get(k) && /^\d+$/.test(search.get(k) ?? '') ? [[k, Number(search.get(k))]] : [],
    ),
  );
  const [detail, setDetail] = useState<number | null>(null);
  const gates = useGmOptions();
  const { act } = useListReload(KEY);
  // Status, answer and update time in place as units answer.
  useLiveRows<'command', CommandRow>(KEY, 'command', (r, c) =>
    r.id === c.id ? { ...r, status: c.status, info: c.info, updateTime: c.updateTime } : null,
  );
  const columns: ColumnsType<CommandRow> = [
    { title: t('ui.cmd.community'), dataIndex: 'communityname' },
    { title: t('ui.cmd.address'), dataIndex: 'address' },
    { title: t('ui.cmd.account'), dataIndex: 'account' },
    { title: t('ui.cmd.gate'), dataIndex: 'gate' },
    unitKindColumn(t('ui.dev.kind'), (r) => `cmd-kind-${r.id}`),
    { title: t('ui.cmd.type'), dataIndex: 'type', key: 'type', sorter: true, render: enumText(CMD_TYPE, t) },
    enumColumn(t('ui.cmd.status'), 'status', COMMAND_STATUSES, (_v, r) => ({ 'data-testid': `cmd-status-${r.id}` })),
    { title: t('ui.cmd.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true },
    { title: t('ui.cmd.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true },
    { title: t('ui.cmd.info'), dataIndex: 'info', ellipsis: true, width: 200 },
    actionsColumn(t('ui.actions'), (r) => (
      <Space>
        <RowButton label="ui.details" onClick={() => setDetail(r.id)} testId={`cmd-detail-${r.id}`} />
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
        columns={columns}
        route={commandRoutes.getCommandsPage}
        initialFilters={Object.keys(initial).length ? initial : undefined}
        filters={{
          address: 'ui.cmd.address',
          account: 'ui.cmd.account',
          gateId: { label: 'ui.cmd.gate', options: gates.map((g) => ({ value: g.intValue, label: g.label })) },
          type: { label: 'ui.cmd.type', options: CMD_TYPE },
          status: { label: 'ui.cmd.status', options: COMMAND_STATUSES },
          unitKind: { label: 'ui.dev.kind', options: UNIT_KIND_ENUM },
        }}
      />
      {detail !== null ? <DetailDialog id={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
