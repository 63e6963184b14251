import { type DeviceRow, type DeviceSecret, deviceInsertInput, deviceUpdateInput, LIMITS } from '@gatehouse/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { useT } from '../../i18n/index.ts';
import { useSession } from '../../session/useSession.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { useCommunities } from '../../api/lookups.ts';
import { insertDevice, updateDevice, useOwnCompany } from './api.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';

type Values = {
  addressName: string;
  regNo: string;
  userPhone: string;
  communityID?: number;
};

/**
 * Add a device to a company (binds a pool device; the secret is shown next) or edit
 * one (short name and account; the serial and the company stay). An enterprise user
 * adds only to its own company.
 */
export function DeviceDialog(p: { row?: DeviceRow; onClose: () => void; onSaved: (secret?: DeviceSecret) => void }) {
  const { t } = useT();
  const session = useSession();
  const enterprise = session?.roleId === 10;
  const own = useOwnCompany(enterprise ? session?.user.regNo : undefined);
  const companies = useCommunities(true);
  const [form] = Form.useForm<Values>();
  const schema = p.row ? deviceUpdateInput : deviceInsertInput;
  const options = enterprise
    ? own
      ? [{ value: own.communityID, label: own.communityName }]
      : []
    : companies.map((c) => ({ value: c.communityid, label: c.name }));
  const initial: Partial<Values> = p.row
    ? { addressName: p.row.addressName, regNo: p.row.addressRegNo, userPhone: p.row.userPhone, communityID: p.row.communityID }
    : { communityID: own?.communityID };
  const dialog = useSaveDialog(form, async (v) => {
    if (p.row) {
      await updateDevice({
        addressid: p.row.addressid,
        addressName: v.addressName,
        userPhone: v.userPhone,
        communityID: p.row.communityID,
      });
      p.onSaved();
    } else {
      p.onSaved(await insertDevice(v));
    }
    p.onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t(p.row ? 'ui.dev.editDevice' : 'ui.dev.addDevice')} onCancel={p.onClose}>
      <Form form={form} layout="vertical" initialValues={initial} key={own?.communityID ?? 0} data-testid="device-form">
        <Form.Item name="addressName" label={t('ui.dev.name')} rules={[fieldRule(schema, 'addressName')]}>
          <Input maxLength={fieldMax(schema, 'addressName')} data-testid="device-name" />
        </Form.Item>
        <Form.Item name="regNo" label={t('ui.dev.serial')} rules={p.row ? [] : [fieldRule(deviceInsertInput, 'regNo')]}>
          <Input maxLength={fieldMax(deviceInsertInput, 'regNo')} disabled={Boolean(p.row)} data-testid="device-serial" />
        </Form.Item>
        <Form.Item name="userPhone" label={t('ui.dev.phone')} rules={[fieldRule(schema, 'userPhone')]}>
          <Input maxLength={LIMITS.mainlandPhone} data-testid="device-phone" />
        </Form.Item>
        <Form.Item name="communityID" label={t('ui.dev.company')} rules={[fieldRule(schema, 'communityID')]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={options}
            disabled={Boolean(p.row) || enterprise}
            data-testid="device-company"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
