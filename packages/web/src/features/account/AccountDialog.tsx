import { type AccountDetail, accountCreateInput, accountUpdateInput, canManageRole, isValidPhone, LIMITS, msg } from '@gatehouse/contracts';
import { Form, Input, Modal, Select, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useT } from '../../i18n/index.ts';
import { useSession } from '../../session/useSession.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { phoneAvailable, saveAccount, useAccount, useAreaCodes, useCreatableRoles } from './api.ts';
import { RoleFields } from './RoleFields.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { ACCOUNT_STATES } from '../../shared/statuses.ts';
import { enumOptions } from '../../shared/valueEnum.tsx';

export interface AccountDialogProps {
  /** The account to edit; absent for Add. */
  userId?: number;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Record<string, unknown> & { roleID?: number };

const NEW_ACCOUNT: Values = {
  areacode: '86',
  facelimit: LIMITS.defaultFaceLimit,
  residentlimit: LIMITS.defaultResidentLimit,
  communityIdList: [],
};

/** Add and Edit account (000 §2, §4, §5): fields by role, the same rules as the server. */
export function AccountDialog({ userId, onClose, onSaved }: AccountDialogProps) {
  const { t } = useT();
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const editing = userId !== undefined;
  const schema = editing ? accountUpdateInput : accountCreateInput;
  const detail = useAccount(userId);
  const areaCodes = useAreaCodes();
  const callerRole = session?.roleId ?? -1;
  const roles = useCreatableRoles()
    .filter((r) => canManageRole(callerRole, r.intValue))
    .map((r) => ({ value: r.intValue, label: r.label }));
  const d: AccountDetail | undefined = detail.data;
  if (d && !roles.some((r) => r.value === d.roleID)) roles.push({ value: d.roleID, label: d.roleName });
  const roleId = Form.useWatch('roleID', form);

  const phoneRule: Rule = ({ getFieldValue }) => ({
    validator: async (_r, v: string) => {
      if (v && /^\d+$/.test(v) && !isValidPhone(v, String(getFieldValue('areacode') ?? '86'))) throw new Error(t('v.phone'));
    },
  });
  /** The server's checkUserProperties: one account per phone and role. */
  const freeRule: Rule = ({ getFieldValue }) => ({
    validateTrigger: 'onBlur',
    validator: async (_r, v: string) => {
      const roleID = getFieldValue('roleID') as number | undefined;
      if (!v || !/^\d+$/.test(v) || roleID === undefined) return;
      const r = await phoneAvailable(v, roleID, userId);
      if (r && !r.available) throw new Error(t(msg('account.regNoTaken', { regNo: v })));
    },
  });
  const sameRule: Rule = ({ getFieldValue }) => ({
    validator: async (_r, v: string | undefined) => {
      if ((v ?? '') !== (getFieldValue('password') ?? '')) throw new Error(t('v.passwordMismatch'));
    },
  });
  const dialog = useSaveDialog(form, async (v) => {
    await saveAccount(v, userId);
    onSaved();
    onClose();
  });
  const pwdOpt = editing ? { required: false } : undefined;
  return (
    <Modal {...dialog.modalProps} title={t(editing ? 'ui.acc.edit' : 'ui.acc.add')} onCancel={onClose} width={620}>
      {editing && !d ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={d ? { ...d, password: '', checkPassword: '' } : NEW_ACCOUNT}
          data-testid="account-form"
        >
          <Form.Item name="areacode" label={t('ui.acc.areacode')} rules={[fieldRule(schema, 'areacode')]}>
            <Select showSearch optionFilterProp="label" options={areaCodes} data-testid="acc-areacode" />
          </Form.Item>
          <Form.Item
            name="regNo"
            label={t('ui.acc.regNo')}
            dependencies={['areacode', 'roleID']}
            validateTrigger={['onChange', 'onBlur']}
            rules={[fieldRule(schema, 'regNo'), phoneRule, freeRule]}
          >
            <Input maxLength={fieldMax(schema, 'regNo')} data-testid="acc-regNo" />
          </Form.Item>
          <Form.Item name="name" label={t('ui.acc.name')} rules={[fieldRule(schema, 'name')]}>
            <Input data-testid="acc-name" />
          </Form.Item>
          <Form.Item name="password" label={t('ui.acc.password')} rules={[fieldRule(schema, 'password', pwdOpt)]}>
            <Input.Password
              autoComplete="new-password"
              placeholder={editing ? t('ui.acc.passwordKeep') : undefined}
              data-testid="acc-password"
            />
          </Form.Item>
          <Form.Item
            name="checkPassword"
            label={t('ui.acc.checkPassword')}
            dependencies={['password']}
            rules={[fieldRule(schema, 'checkPassword', pwdOpt), sameRule]}
          >
            <Input.Password autoComplete="new-password" data-testid="acc-checkPassword" />
          </Form.Item>
          <Form.Item name="roleID" label={t('ui.acc.role')} rules={[fieldRule(schema, 'roleID')]}>
            <Select options={roles} disabled={d !== undefined && (d.roleID === 10 || d.roleID === 11)} data-testid="acc-role" />
          </Form.Item>
          {editing ? (
            <Form.Item name="state" label={t('ui.acc.state')}>
              <Select options={enumOptions(ACCOUNT_STATES, t)} data-testid="acc-state" />
            </Form.Item>
          ) : null}
          <RoleFields roleId={roleId} userId={userId} addressLabel={d?.addressStrs} />
        </Form>
      )}
    </Modal>
  );
}
