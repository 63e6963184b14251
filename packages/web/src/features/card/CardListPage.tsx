import { CARD_LIST, cardRoutes, type CardRow, GATE_CARD_TYPES, LADDER_CARD_TYPES } from '@gatehouse/contracts';
import { Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { dateRange, type FilterSpec } from '../../shared/FilterBar.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { useRemove } from '../../shared/useRemove.ts';
import { useCommunities } from '../../api/lookups.ts';
import { cardsKey, modeOptions, typeOptions } from './api.ts';
import { CARD_STATUSES } from '../../shared/statuses.ts';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { AddButton, EditButton, ImportButton, RowButton } from '../../shared/buttons.tsx';
import { useListImport } from '../../shared/useListImport.tsx';
import { useApp } from '../../shared/useApp.ts';

// The dialogs load when opened: the list (the first screen after sign-in) does not carry the
// upload, card-reader, household and lift-configuration code.
const CardDialog = lazy(() => import('./CardDialog.tsx').then((m) => ({ default: m.CardDialog })));
const CardDownloadDialog = lazy(() => import('./CardConfigDialogs.tsx').then((m) => ({ default: m.CardDownloadDialog })));
const CardLadderDialog = lazy(() => import('./CardConfigDialogs.tsx').then((m) => ({ default: m.CardLadderDialog })));

type Dialog = AddOrEdit<CardRow> | { kind: 'download'; row: CardRow; justAdded?: boolean } | { kind: 'ladder'; row: CardRow } | null;

/**
 * The card list of /access/gate (ismjtk 1) and /access/ladder (ismjtk 2), 001 §2: filters,
 * sortable columns, delete, edit (not for single-family cards), the download dialog on the
 * gate list ("details") and the lift configuration dialog on the lift list ("set"), add and import.
 */
export function CardListPage({ ismjtk, breadcrumb }: { ismjtk: number; breadcrumb: ReactNode[] }) {
  const { t } = useT();
  const { message } = useApp();
  const key = cardsKey(ismjtk);
  const gate = ismjtk === CARD_LIST.gate;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [importCommunity, setImportCommunity] = useState<number | undefined>();
  const communities = useCommunities();
  const { reload } = useListReload(key);
  const remove = useRemove(cardRoutes.batchDel, key);
  const importer = useListImport(key, (c: { communityid: number; name: string }) => ({
    title: t('ui.card.import', { name: c.name }),
    templateRoute: cardRoutes.cardTemplate,
    uploadRoute: cardRoutes.uploadCardFile,
    fields: { communityID: c.communityid, ismjtk },
  }));
  const types = gate ? GATE_CARD_TYPES : LADDER_CARD_TYPES;

  const columns: ColumnsType<CardRow> = [
    { title: t('ui.card.cardid'), dataIndex: 'cardid', key: 'cardid', sorter: true },
    { title: t('ui.card.account'), dataIndex: 'account', key: 'account', sorter: true },
    { title: t('ui.card.username'), dataIndex: 'username' },
    { title: t('ui.card.community'), dataIndex: 'communityname', key: 'communityname', sorter: true },
    { title: t('ui.card.household'), dataIndex: 'address', key: 'address', sorter: true },
    { title: t('ui.card.type'), dataIndex: 'cardtype', key: 'cardtype', sorter: true, render: (v: string) => t(`card.type.${v}`) },
    { title: t('ui.card.mode'), dataIndex: 'cardmode', key: 'cardmode', sorter: true, render: (v: string) => t(`card.mode.${v}`) },
    enumColumn(t('ui.card.status'), 'cardstatus', CARD_STATUSES),
    ...(gate ? [{ title: t('ui.card.gateCount'), dataIndex: 'gateCount' }] : []),
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`card-actions-${r.cardid}`}>
        <DeleteButton title={t('ui.card.confirmDelete')} onConfirm={() => remove([r.id])} />
        <Tooltip title={r.isVilla !== 0 ? t('ui.card.villaNoEdit') : undefined}>
          <EditButton disabled={r.isVilla !== 0} onClick={() => setDialog({ kind: 'edit', row: r })} />
        </Tooltip>
        {gate ? (
          <RowButton label="ui.details" onClick={() => setDialog({ kind: 'download', row: r })} />
        ) : (
          <RowButton label="ui.card.set" onClick={() => setDialog({ kind: 'ladder', row: r })} />
        )}
      </RowActions>
    )),
  ];
  const filters: FilterSpec = {
    cardid: 'ui.card.cardid',
    ...(gate ? { communityName: 'ui.card.community' } : {}),
    address: 'ui.card.household',
    account: 'ui.card.account',
    ...(gate ? { username: 'ui.card.username' } : {}),
    cardtype: { label: 'ui.card.type', options: typeOptions(types) },
    cardmode: { label: 'ui.card.mode', options: modeOptions() },
    cardstatus: { label: 'ui.card.status', options: CARD_STATUSES },
    ...dateRange('starttime', 'endtime', ['ui.card.issuedFrom', 'ui.card.issuedTo']),
  };
  const startImport = () => {
    const c = communities.find((x) => x.communityid === importCommunity);
    if (!c) message.warning(t('v.chooseCommunity'));
    else importer.open(c);
  };
  return (
    <>
      <ListPage<CardRow>
        breadcrumb={breadcrumb}
        queryKey={key}
        columns={columns}
        batchDelete={{ route: cardRoutes.batchDel, testId: 'card-batch-delete' }}
        route={cardRoutes.getGateAccessesPage}
        params={{ ismjtk }}
        filters={filters}
        toolbar={() => (
          <Space wrap>
            <AddButton onClick={() => setDialog({ kind: 'add' })} testId="card-add">
              {t('ui.card.add')}
            </AddButton>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('ui.card.importCommunity')}
              aria-label={t('ui.card.importCommunity')}
              style={{ minWidth: 200 }}
              value={importCommunity}
              onChange={setImportCommunity}
              options={communities.map((c) => ({ value: c.communityid, label: c.name }))}
              data-testid="card-import-community"
            />
            <ImportButton onClick={startImport} testId="card-import" />
          </Space>
        )}
      />
      <Suspense fallback={null}>
        {addOrEdit(dialog, (row) => (
          <CardDialog
            ismjtk={ismjtk}
            row={row}
            onClose={() => setDialog(null)}
            onSaved={(added) => {
              void reload();
              // A new access card goes on to its door units at once (issue 36 item 4): the same dialog as Details.
              if (added && gate) setDialog({ kind: 'download', row: added, justAdded: true });
            }}
          />
        ))}
        {dialog?.kind === 'download' ? (
          <CardDownloadDialog row={dialog.row} justAdded={dialog.justAdded} onClose={() => setDialog(null)} onSaved={() => void reload()} />
        ) : null}
        {dialog?.kind === 'ladder' ? <CardLadderDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
        {importer.dialog}
      </Suspense>
    </>
  );
}
