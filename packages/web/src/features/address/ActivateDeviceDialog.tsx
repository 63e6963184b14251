import { activeDeviceInput, type AddressRow, type DeviceSecret, ROUTES } from '@gatehouse/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { mutate } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { SecretDialog } from '../device/SecretDialog.tsx';

/** Activate device (none active) or Replace device (devstate 1) of a door unit (000 §2, §5). */
export function ActivateDeviceDialog({ row, onClose, onSaved }: { row: AddressRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ regNo: string }>();
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const replacing = row.devstate === 1;
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const done = await mutate(ROUTES.address.activeDevice, { addressid: row.addressid, communityID: row.communityID, address: row.address, regNo: v.regNo });
      onSaved();
      setSecret({ addressid: row.addressid, serial: v.regNo, secret: done.secret });
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };
  if (secret) return <SecretDialog secret={secret} onClose={onClose} />;
  return (
    <Modal open title={`${t(replacing ? 'ui.addr.replace' : 'ui.addr.activate')}: ${row.address}`} onCancel={onClose} onOk={save} okButtonProps={{ loading: saving }} destroyOnHidden>
      {replacing ? <Typography.Paragraph type="secondary">{t('ui.addr.currentSerial', { serial: row.regNo })}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" data-testid="activate-form">
        <Form.Item label={t('ui.addr.serial')} name="regNo" rules={[fieldRule(activeDeviceInput, 'regNo')]}>
          <Input maxLength={50} autoFocus data-testid="activate-serial" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
