import { activeDeviceInput, type AddressRow, type DeviceSecret } from '@gatehouse/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { SecretDialog } from '../device/SecretDialog.tsx';
import { useState } from 'react';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { activateDevice } from './api.ts';

/** Activate device (none active) or Replace device (devstate 1) of a door unit (000 §2, §5). */
export function ActivateDeviceDialog({ row, onClose, onSaved }: { row: AddressRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ regNo: string }>();
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const replacing = row.devstate === 1;
  const dialog = useSaveDialog(form, async (v) => {
    const done = await activateDevice({ addressid: row.addressid, communityID: row.communityID, address: row.address, regNo: v.regNo });
    onSaved();
    setSecret({ addressid: row.addressid, serial: v.regNo, secret: done.secret });
  });
  if (secret) return <SecretDialog secret={secret} onClose={onClose} />;
  return (
    <Modal {...dialog.modalProps} title={`${t(replacing ? 'ui.addr.replace' : 'ui.addr.activate')}: ${row.address}`} onCancel={onClose}>
      {replacing ? <Typography.Paragraph type="secondary">{t('ui.addr.currentSerial', { serial: row.regNo })}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" data-testid="activate-form">
        <Form.Item label={t('ui.addr.serial')} name="regNo" rules={[fieldRule(activeDeviceInput, 'regNo')]}>
          <Input maxLength={fieldMax(activeDeviceInput, 'regNo')} autoFocus data-testid="activate-serial" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
