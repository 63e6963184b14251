import { isSystemAdmin, updatePwdInput } from '@gatehouse/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { useSession } from '../../session/useSession.ts';
import { differentFrom, fieldRule, sameAs } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { updateOwnPassword } from './api.ts';

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
          <Form.Item label={t('ui.oldPassword')} name="oldPwd" rules={[fieldRule(updatePwdInput, 'oldPwd')]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t('ui.newPassword')}
            name="pwd"
            dependencies={['oldPwd']}
            rules={[fieldRule(updatePwdInput, 'pwd'), differentFrom('oldPwd', 'v.passwordSameAsOld')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('ui.confirmNewPassword')}
            name="confirmPwd"
            dependencies={['pwd']}
            rules={[fieldRule(updatePwdInput, 'confirmPwd'), sameAs('pwd', 'v.newPasswordMismatch')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
