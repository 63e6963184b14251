import { changeSerialInput, type DeviceRow, type DeviceSecret } from '@gatehouse/contracts';
import { Form, Input, Modal } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { changeSerial } from './api.ts';

/** Replace device (001 §4): a new serial number from the pool; the old device stops working at once. */
export function ReplaceDialog({ row, onClose, onSaved }: { row: DeviceRow; onClose: () => void; onSaved: (s: DeviceSecret) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ newdevicenumber: string }>();
  const dialog = useSaveDialog(form, async (v) => {
    onSaved(
      await changeSerial({
        devicenumber: row.addressRegNo,
        newdevicenumber: v.newdevicenumber,
        clouduserId: row.clouduserId ?? undefined,
      }),
    );
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={`${t('ui.dev.replace')}: ${row.addressName}`} onCancel={onClose}>
      <Form form={form} layout="vertical">
        <Form.Item label={t('ui.dev.serial')}>
          <Input value={row.addressRegNo} disabled />
        </Form.Item>
        <Form.Item name="newdevicenumber" label={t('ui.dev.newSerial')} rules={[fieldRule(changeSerialInput, 'newdevicenumber')]}>
          <Input maxLength={fieldMax(changeSerialInput, 'newdevicenumber')} data-testid="replace-serial" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
