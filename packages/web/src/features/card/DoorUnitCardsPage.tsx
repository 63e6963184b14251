import { cardRoutes, DOOR_UNIT_CARD_TYPES, type DoorUnitCardRow, updateGateAccessInput } from '@gatehouse/contracts';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { EditButton } from '../../shared/buttons.tsx';
import { crumbLink } from '../../shared/crumbLink.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { useAddress } from '../address/api.ts';
import { deleteDoorUnitCard, doorUnitCardsKey, modeOptions, resendDoorUnitCard, saveDoorUnitCard, typeOptions } from './api.ts';
import { useGateEntryEdit } from '../holder/useGateEntryEdit.tsx';
import { CARD_STATUSES } from '../../shared/statuses.ts';
import { ConfirmButton, DeleteButton } from '../../shared/ConfirmButton.tsx';
import { dateRange } from '../../shared/FilterBar.tsx';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';
import { RowActions } from '../../shared/RowActions.tsx';

/** The cards configured on one door unit, /gm/card/{addressId} (001 §2): delete, edit validity, resend. */
export default function DoorUnitCardsPage() {
  const { t } = useT();
  const { addressId: addressParam, communityId } = useParams();
  // also reached from the address list (/project/address/:communityId/access/:addressId)
  const addressId = Number(addressParam);
  const key = doorUnitCardsKey(addressId);
  const gate = useAddress(addressId).data;
  const {
    act: run,
    edit,
    editor,
  } = useGateEntryEdit<DoorUnitCardRow>(key, {
    area: 'card',
    holder: (r) => r.cardid,
    schema: updateGateAccessInput,
    save: saveDoorUnitCard,
  });
  const columns: ColumnsType<DoorUnitCardRow> = [
    { title: t('ui.card.cardid'), dataIndex: 'cardid', key: 'cardid', sorter: true },
    { title: t('ui.card.account'), dataIndex: 'account', key: 'account', sorter: true },
    { title: t('ui.card.household'), dataIndex: 'address', key: 'address', sorter: true },
    enumColumn(t('ui.card.status'), 'cardstatus', CARD_STATUSES),
    { title: t('ui.card.type'), dataIndex: 'cardtype', key: 'cardtype', sorter: true, render: (v: string) => t(`card.type.${v}`) },
    { title: t('ui.card.mode'), dataIndex: 'cardmode', key: 'cardmode', sorter: true, render: (v: string) => t(`card.mode.${v}`) },
    { title: t('ui.card.validfrom'), dataIndex: 'validfrom', key: 'validfrom', sorter: true },
    { title: t('ui.card.validto'), dataIndex: 'validto', key: 'validto', sorter: true },
    { title: t('ui.card.info'), dataIndex: 'info', key: 'info', sorter: true, ellipsis: true },
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`entry-actions-${r.cardid}`}>
        {r.isVilla ? (
          <Tooltip title={t('ui.card.villaNoDelete')}>
            <Button size="small" danger disabled>
              {t('ui.delete')}
            </Button>
          </Tooltip>
        ) : (
          <DeleteButton onConfirm={() => run(deleteDoorUnitCard(r.id))} />
        )}
        <EditButton onClick={() => edit(r)} />
        <ConfirmButton title={t('ui.card.confirmResend')} onConfirm={() => run(resendDoorUnitCard(r.id))}>
          {t('ui.card.resend')}
        </ConfirmButton>
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<DoorUnitCardRow>
        breadcrumb={
          communityId
            ? [
                crumbLink('/project/project', t('menu.project.project')),
                crumbLink(`/project/address/${communityId}/`, t('ui.addr.title')),
                gate?.address ?? '…',
                t('ui.card.doorUnitCards'),
              ]
            : [t('menu.access'), crumbLink('/access/gm', t('menu.access.gm')), gate?.address ?? '…', t('ui.card.doorUnitCards')]
        }
        queryKey={key}
        columns={columns}
        route={cardRoutes.getGateAccessesByAddressId}
        params={{ addressId }}
        filters={{
          cardid: 'ui.card.cardid',
          account: 'ui.card.account',
          address: 'ui.card.household',
          cardtype: { label: 'ui.card.type', options: typeOptions(DOOR_UNIT_CARD_TYPES) },
          cardstatus: { label: 'ui.card.status', options: CARD_STATUSES },
          cardmode: { label: 'ui.card.mode', options: modeOptions() },
          ...dateRange('validfrom', 'validto', ['ui.card.validfrom', 'ui.card.validto']),
        }}
      />
      {editor}
    </>
  );
}
