import { EMERGENCY_REASON_MAX, emergencySetInput, SETTABLE_EMERGENCY_MODES, type SettableEmergencyMode } from '@gatehouse/contracts';
import { Alert, type ButtonProps, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCommunities } from '../../api/lookups.ts';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { setEmergencyMode, useDoorUnits, useEmergencyRefresh } from './api.ts';

interface Values {
  communityId: number;
  addressId: number;
  mode: SettableEmergencyMode;
  reason: string;
}

/**
 * Sets an emergency mode in two steps: choose the community (and one door unit, or all),
 * the mode and a reason; then confirm once more in a dialog that names the scope.
 */
export function EmergencyDialog({ communityId, addressId, onClose }: { communityId?: number; addressId?: number; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const communities = useCommunities(true);
  const chosen = Form.useWatch('communityId', form);
  const units = useDoorUnits(chosen);
  const refresh = useEmergencyRefresh();
  const [pending, setPending] = useState<Values | null>(null);
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form);

  const targetName = (v: Values) => {
    const community = communities.find((c) => c.communityid === v.communityId)?.name ?? '';
    const unit = units.find((u) => u.addressid === v.addressId);
    return unit ? `${community} ${unit.address}` : t('ui.emergency.wholeOf', { community });
  };

  const confirm = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      await setEmergencyMode({
        communityId: pending.communityId,
        addressId: pending.addressId || undefined,
        mode: pending.mode,
        reason: pending.reason,
      });
      await refresh();
      onClose();
    } catch {
      // The error was shown; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Modal
        open={!pending}
        title={t('ui.emergency.title')}
        onCancel={onClose}
        onOk={() =>
          form
            .validateFields()
            .then(setPending)
            .catch(() => {})
        }
        okButtonProps={{ danger: true, 'data-testid': 'emergency-next' } as ButtonProps}
        destroyOnHidden={false}
      >
        <Form
          form={form}
          layout="vertical"
          data-testid="emergency-form"
          initialValues={{ communityId, addressId: addressId ?? 0, mode: 'lockdown' }}
        >
          <Form.Item label={t('ui.emergency.community')} name="communityId" rules={[fieldRule(emergencySetInput, 'communityId')]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={communities.map((c) => ({ value: c.communityid, label: c.name }))}
              onChange={() => form.setFieldValue('addressId', 0)}
              data-testid="emergency-community"
            />
          </Form.Item>
          <Form.Item label={t('ui.emergency.target')} name="addressId">
            <Select
              options={[
                { value: 0, label: t('ui.emergency.wholeCommunity') },
                ...units.map((u) => ({ value: u.addressid, label: `${u.address} ${u.name}` })),
              ]}
              data-testid="emergency-target"
            />
          </Form.Item>
          <Form.Item label={t('ui.emergency.mode')} name="mode" rules={[fieldRule(emergencySetInput, 'mode')]}>
            <Radio.Group data-testid="emergency-mode">
              <Space direction="vertical">
                {SETTABLE_EMERGENCY_MODES.map((m) => (
                  <Radio key={m} value={m} data-testid={`emergency-mode-${m}`}>
                    {t(`emergency.mode.${m}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {mode ? (
            <Alert type="warning" showIcon message={t(mode === 'lockdown' ? 'ui.emergency.lockdownHelp' : 'ui.emergency.allOpenHelp')} />
          ) : null}
          <Form.Item
            style={{ marginTop: 16 }}
            label={t('ui.emergency.reason')}
            name="reason"
            rules={[fieldRule(emergencySetInput, 'reason')]}
          >
            <Input.TextArea
              rows={2}
              maxLength={EMERGENCY_REASON_MAX}
              showCount
              placeholder={t('ui.emergency.reasonPlaceholder')}
              data-testid="emergency-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!pending}
        title={t('ui.emergency.confirmTitle')}
        onCancel={() => setPending(null)}
        onOk={confirm}
        okText={t('ui.emergency.confirmOk')}
        okButtonProps={{ danger: true, loading: saving, 'data-testid': 'emergency-confirm' } as ButtonProps}
      >
        {pending ? (
          <Typography.Paragraph data-testid="emergency-confirm-text">
            {t('ui.emergency.confirmText', { target: targetName(pending), mode: t(`emergency.mode.${pending.mode}`) })}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </>
  );
}
