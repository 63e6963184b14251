import { accountCreateInput, ACCOUNT_LIMIT_MAX, msg, roleFields } from '@gatehouse/contracts';
import { Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { useCommunities, useResidents } from '../../api/lookups.ts';
import { useClouduserDevices } from './api.ts';
import { useApp } from '../../shared/useApp.ts';

/** A householder's limit (faces, residents): a whole number up to the contracts' maximum, required. */
function LimitField({ name }: { name: 'facelimit' | 'residentlimit' }) {
  const { t } = useT();
  return (
    <Form.Item
      name={name}
      label={t(`ui.acc.${name}`)}
      rules={[
        { required: true, message: t(msg('v.required', { field: `@f.${name}` })) },
        fieldRule(accountCreateInput, name, { required: false }),
      ]}
    >
      <InputNumber min={0} max={ACCOUNT_LIMIT_MAX} precision={0} data-testid={`acc-${name}`} />
    </Form.Item>
  );
}

export interface RoleFieldsProps {
  roleId: number | undefined;
  /** The account being edited (its current address label and its devices). */
  userId?: number;
  addressLabel?: string;
}

/**
 * The role-dependent fields of the account form (000 §4): managers a community
 * list; householders limits, community and address (a community first); cloud
 * users the same plus the read-only list of their company's door units.
 */
export function RoleFields({ roleId, userId, addressLabel }: RoleFieldsProps) {
  const { t } = useT();
  const { message } = useApp();
  const form = Form.useFormInstance();
  const f = roleFields(roleId);
  const communities = useCommunities(true).map((c) => ({ value: c.communityid, label: c.name }));
  const communityId = Form.useWatch('communityId', form) as number | undefined;
  const addressId = Form.useWatch('commuAddressId', form) as number | undefined;
  const [text, setText] = useState('');
  const residents = useResidents(f.address ? communityId : undefined, text).map((o) => ({ value: o.intValue, label: o.label }));
  if (addressId !== undefined && addressLabel && !residents.some((o) => o.value === addressId))
    residents.unshift({ value: addressId, label: addressLabel });
  const devices = useClouduserDevices(f.devices ? userId : undefined);
  const needCommunity = () => {
    if (communityId === undefined) message.warning(t('v.chooseCommunity'));
  };
  return (
    <>
      {f.communityList ? (
        <Form.Item
          name="communityIdList"
          label={t('ui.acc.communities')}
          rules={[{ required: true, type: 'array', min: 1, message: t(msg('v.choose', { field: '@f.communityList' })) }]}
        >
          <Select mode="multiple" options={communities} optionFilterProp="label" data-testid="acc-communities" />
        </Form.Item>
      ) : null}
      {f.community ? (
        <Form.Item name="communityId" label={t('ui.acc.community')} rules={[{ required: true, message: t('v.chooseCommunity') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={communities}
            data-testid="acc-community"
            onChange={() => form.setFieldValue('commuAddressId', undefined)}
          />
        </Form.Item>
      ) : null}
      {f.address ? (
        <Form.Item
          name="commuAddressId"
          label={t('ui.acc.address')}
          rules={f.addressRequired ? [{ required: true, message: t('v.chooseAddress') }] : []}
        >
          <Select
            showSearch
            allowClear
            filterOption={false}
            placeholder={t('ui.acc.searchAddress')}
            options={residents}
            onFocus={needCommunity}
            onSearch={(v) => {
              needCommunity();
              setText(v);
            }}
            data-testid="acc-address"
          />
        </Form.Item>
      ) : null}
      {f.limits ? (
        <Space size="large">
          <LimitField name="facelimit" />
          <LimitField name="residentlimit" />
        </Space>
      ) : null}
      {f.devices ? (
        <Form.Item label={t('ui.acc.devices')}>
          {devices.length ? (
            devices.map((d) => <Tag key={d.value}>{d.label}</Tag>)
          ) : (
            <Typography.Text type="secondary">{t('ui.acc.noDevices')}</Typography.Text>
          )}
        </Form.Item>
      ) : null}
    </>
  );
}
