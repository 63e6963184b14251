import {
  CARD_LIST,
  type CardRow,
  type CardType,
  createCardInput,
  GATE_CARD_TYPES,
  LADDER_CARD_TYPES,
  updateCardInput,
} from '@gatehouse/contracts';
import { Divider, Form, Input, Modal, Select } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { CardReaderPanel } from '../card-reader/CardReaderPanel.tsx';
import { createCard, modeOptions, statusOptions, typeOptions, updateCard } from './api.ts';
import { HouseholdFields } from '../holder/HouseholdFields.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';

export interface CardDialogProps {
  /** Which list the dialog belongs to (CARD_LIST.gate or CARD_LIST.ladder): its card types. */
  ismjtk: number;
  /** The card to edit; absent for Add. */
  row?: CardRow;
  onClose: () => void;
  /** After a save; a new card is handed over (its door units are offered next). */
  onSaved: (added?: CardRow) => void;
}

interface Values {
  cardid?: string;
  communityId?: number;
  addressId?: number;
  account?: string;
  cardtype?: CardType;
  cardmode?: string;
  cardstatus?: string;
}

/**
 * Add and Edit card (001 §2, §5). Add: the serial-port reader fills the card number,
 * then community, household, account, type and mode (new cards are valid). Edit: card
 * number and community are read-only; household, account, type, mode and status change.
 * The reader sits in Add only: in Edit the card number it would fill is read-only.
 */
export function CardDialog({ ismjtk, row, onClose, onSaved }: CardDialogProps) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const types = ismjtk === CARD_LIST.ladder ? LADDER_CARD_TYPES : GATE_CARD_TYPES;
  const schema = row ? updateCardInput : createCardInput;
  const dialog = useSaveDialog(form, async (v) => {
    const common = { addressId: v.addressId, account: v.account?.trim(), cardtype: v.cardtype, cardmode: v.cardmode };
    if (row) await updateCard({ ...common, id: row.id, cardstatus: v.cardstatus });
    const added = row
      ? undefined
      : await createCard({ ...common, cardid: v.cardid?.trim(), communityId: v.communityId, cardstatus: 'enable' });
    onClose();
    onSaved(added);
  });
  const initial: Values = row
    ? {
        cardid: row.cardid,
        addressId: row.addressId,
        account: row.account,
        cardtype: row.cardtype,
        cardmode: row.cardmode,
        cardstatus: row.cardstatus,
      }
    : { cardtype: types[0], cardmode: 'ic' };
  return (
    <Modal {...dialog.modalProps} title={t(row ? 'ui.card.edit' : 'ui.card.add')} onCancel={onClose} width={640}>
      {row ? null : (
        <>
          <CardReaderPanel
            onCardNo={(cardNo) => {
              form.setFieldValue('cardid', cardNo);
              void form.validateFields(['cardid']).catch(() => undefined);
            }}
          />
          <Divider style={{ margin: '12px 0' }} />
        </>
      )}
      <Form form={form} layout="vertical" initialValues={initial} data-testid="card-form">
        <Form.Item name="cardid" label={t('ui.card.cardid')} rules={row ? [] : [fieldRule(createCardInput, 'cardid')]}>
          <Input disabled={!!row} data-testid="card-cardid" />
        </Form.Item>
        <HouseholdFields
          area="card"
          schema={createCardInput}
          fixed={row ? { communityId: row.communityId, communityName: row.communityname, householdLabel: row.address } : undefined}
        />
        <Form.Item name="cardtype" label={t('ui.card.type')} rules={[fieldRule(schema, 'cardtype')]}>
          <Select options={typeOptions(types)} data-testid="card-type" />
        </Form.Item>
        <Form.Item name="cardmode" label={t('ui.card.mode')} rules={[fieldRule(schema, 'cardmode')]}>
          <Select options={modeOptions()} data-testid="card-mode" />
        </Form.Item>
        {row ? (
          <Form.Item name="cardstatus" label={t('ui.card.status')} rules={[fieldRule(schema, 'cardstatus')]}>
            <Select options={statusOptions()} data-testid="card-status" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
