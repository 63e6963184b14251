import { isSystemAdmin, updatePwdInput } from '@gatehouse/contracts';
import { Alert, Form, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { useSession } from '../../session/useSession.ts';
import { PasswordField } from '../../shared/PasswordField.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { updateOwnPassword } from './own/api.ts';

/** Change password (000 §5): the new one differs from the old, matches the pattern, and is confirmed. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const nav = useNavigate();
  const session = useSession();
  const [form] = Form.useForm();
  const admin = session ? isSystemAdmin(session.roleId) : false;
  const dialog = useSaveDialog(form, async (v) => {
    await updateOwnPassword(v);
    clearSession();
    nav('/login');
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.changePassword')} onCancel={onClose} onOk={admin ? onClose : dialog.onOk}>
      {admin ? (
        <Alert type="warning" showIcon message={t('pwd.adminRefused')} />
      ) : (
        <Form form={form} layout="vertical">
          <PasswordField schema={updatePwdInput} name="oldPwd" label={t('ui.oldPassword')} current />
          <PasswordField
            schema={updatePwdInput}
            name="pwd"
            label={t('ui.newPassword')}
            differentFrom={['oldPwd', 'v.passwordSameAsOld']}
            confirm={{ name: 'confirmPwd', label: t('ui.confirmNewPassword'), mismatch: 'v.newPasswordMismatch' }}
          />
        </Form>
      )}
    </Modal>
  );
}
