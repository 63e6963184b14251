import { transferAccountInput, LIMITS } from '@gatehouse/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { PasswordField } from '../../shared/PasswordField.tsx';
import { fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { phoneOwner, transferAccount } from './api.ts';

/**
 * Account migration (000 §5, role 10): the enterprise moves to a new phone (not an
 * administrator's, not another enterprise's) with a new password; then sign in again.
 */
export function MigrateAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const nav = useNavigate();
  const [form] = Form.useForm();
  const freeRule: Rule = {
    validator: async (_r, v: string) => {
      if (!v || !transferAccountInput.shape.regNo.safeParse(v).success) return;
      const info = await phoneOwner(v);
      if (info?.admin) throw new Error(t('migrate.adminPhone'));
      if (info?.taken) throw new Error(t('migrate.taken'));
    },
  };
  const dialog = useSaveDialog(form, async (v) => {
    await transferAccount(v);
    clearSession();
    nav('/login');
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.migrateAccount')} onCancel={onClose}>
      <Alert type="warning" showIcon message={t('ui.migrate.hint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="regNo"
          label={t('ui.migrate.regNo')}
          validateTrigger="onBlur"
          rules={[fieldRule(transferAccountInput, 'regNo'), freeRule]}
        >
          <Input maxLength={LIMITS.regNo} data-testid="migrate-regNo" />
        </Form.Item>
        <PasswordField
          schema={transferAccountInput}
          name="password"
          label={t('ui.migrate.password')}
          testId="migrate-password"
          confirm={{ name: 'confirmPassword', label: t('ui.migrate.confirm'), testId: 'migrate-confirm' }}
        />
      </Form>
    </Modal>
  );
}
