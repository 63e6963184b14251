import { type EnterpriseRow, updateEnterpriseInput } from '@gatehouse/contracts';
import { Form, Input, Modal } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { RegionCascader } from './RegionCascader.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { updateEnterprise } from './api.ts';

/** Enterprise edit (001 §2, §5): name, registration number (read-only), location, address. */
export function EnterpriseDialog({ row, onClose, onSaved }: { row: EnterpriseRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm();
  const dialog = useSaveDialog(form, async (v) => {
    await updateEnterprise({ communityid: row.communityid, name: v.name, location: v.location, address: v.address });
    onSaved();
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.ent.edit')} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={row} data-testid="enterprise-form">
        <Form.Item label={t('ui.ent.name')} name="name" rules={[fieldRule(updateEnterpriseInput, 'name')]}>
          <Input maxLength={fieldMax(updateEnterpriseInput, 'name')} showCount />
        </Form.Item>
        <Form.Item label={t('ui.ent.phone')} name="regNo">
          <Input disabled />
        </Form.Item>
        <Form.Item label={t('ui.comm.region')} name="location" rules={[fieldRule(updateEnterpriseInput, 'location')]}>
          <RegionCascader />
        </Form.Item>
        <Form.Item label={t('ui.comm.address')} name="address" rules={[fieldRule(updateEnterpriseInput, 'address')]}>
          <Input maxLength={fieldMax(updateEnterpriseInput, 'address')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
