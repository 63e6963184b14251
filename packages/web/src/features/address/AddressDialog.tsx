import { ADDRESS_TYPES, type AddressRow, createAddressInput } from '@gatehouse/contracts';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useT } from '../../i18n/index.ts';
import { HardwareChoice, hardwareBits, hardwareFlags } from '../../shared/hardware.tsx';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { saveAddress } from './api.ts';

export interface AddressDialogProps {
  communityId: number;
  /** The address to edit; absent for Add. */
  row?: AddressRow;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and Edit address (000 §5): the type is chosen when adding only. */
export function AddressDialog({ communityId, row, onClose, onSaved }: AddressDialogProps) {
  const { t } = useT();
  const [form] = Form.useForm();
  const dialog = useSaveDialog(form, async (values) => {
    const v = values as Record<string, unknown> & { hardware?: number[] };
    const body = { address: v.address, name: v.name, isVilla: v.isVilla, ...hardwareFlags(v.hardware ?? []) };
    await saveAddress(row ? body : { ...body, type: v.type, communityID: communityId }, row);
    onSaved();
    onClose();
  });
  const initial = row
    ? {
        address: row.address,
        name: row.name,
        isVilla: row.isVilla,
        hardware: hardwareBits(row.hardware),
      }
    : { isVilla: 0, hardware: [] };
  return (
    <Modal {...dialog.modalProps} title={t(row ? 'ui.addr.edit' : 'ui.addr.add')} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="address-form">
        {row ? null : (
          <Form.Item label={t('ui.addr.type')} name="type" rules={[fieldRule(createAddressInput, 'type')]}>
            <Select data-testid="address-type" options={ADDRESS_TYPES.map((v) => ({ value: v, label: t(`addr.type.${v}`) }))} />
          </Form.Item>
        )}
        <Form.Item label={t('ui.addr.address')} name="address" rules={[fieldRule(createAddressInput, 'address')]}>
          <Input maxLength={fieldMax(createAddressInput, 'address')} data-testid="address-address" />
        </Form.Item>
        <Form.Item label={t('ui.addr.name')} name="name" rules={[fieldRule(createAddressInput, 'name')]}>
          <Input maxLength={fieldMax(createAddressInput, 'name')} data-testid="address-name" />
        </Form.Item>
        <Form.Item label={t('ui.addr.isVilla')} name="isVilla" rules={[fieldRule(createAddressInput, 'isVilla')]}>
          <Radio.Group
            options={[
              { value: 0, label: t('ui.no') },
              { value: 1, label: t('ui.yes') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('ui.addr.hardware')} name="hardware">
          <HardwareChoice />
        </Form.Item>
      </Form>
    </Modal>
  );
}
