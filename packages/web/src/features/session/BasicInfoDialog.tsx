import { isSystemAdmin, updateBaseInfoInput, LIMITS } from '@gatehouse/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { updateOwnInfo, useOwnInfo } from './own/api.ts';
import { TotpSection } from './TotpSection.tsx';

/** Basic info: userid, regNo, userName, roleName. Administrators may only read it, and manage their authenticator here. */
export function BasicInfoDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const nav = useNavigate();
  const [form] = Form.useForm();
  const q = useOwnInfo();
  const admin = q.data ? isSystemAdmin(q.data.roleId) : true;
  const dialog = useSaveDialog(form, async (v) => {
    await updateOwnInfo({ userid: q.data?.userid, regNo: v.regNo, name: v.userName });
    clearSession();
    nav('/login');
  });
  return (
    <Modal
      {...dialog.modalProps}
      title={t('ui.basicInfo')}
      onCancel={onClose}
      onOk={admin ? onClose : dialog.onOk}
      okText={admin ? t('ui.close') : t('ui.save')}
    >
      {admin ? <Alert type="info" showIcon message={t('base.adminRefused')} style={{ marginBottom: 12 }} /> : null}
      {q.data ? (
        <Form form={form} layout="vertical" initialValues={q.data} disabled={admin}>
          <Form.Item label={t('ui.userid')} name="userid">
            <Input disabled />
          </Form.Item>
          <Form.Item label={t('ui.regNo')} name="regNo" rules={[fieldRule(updateBaseInfoInput, 'regNo')]}>
            <Input maxLength={LIMITS.regNo} />
          </Form.Item>
          <Form.Item label={t('ui.userName')} name="userName" rules={[fieldRule(updateBaseInfoInput, 'name')]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('ui.roleName')} name="roleName">
            <Input disabled />
          </Form.Item>
        </Form>
      ) : null}
      {q.data && admin ? <TotpSection /> : null}
    </Modal>
  );
}
