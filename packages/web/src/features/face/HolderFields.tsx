import { createFaceInput } from '@gatehouse/contracts';
import { App, AutoComplete, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { useCommunities, useResidents } from '../account/api.ts';
import { useHouseholdAccounts } from './api.ts';

export interface HolderFieldsProps {
  /** Edit: the community is fixed (the face's own). */
  communityId?: number;
  /** Edit: the current household's label, shown before any search. */
  householdLabel?: string;
}

/**
 * Community (add only), household (remote search; a community first: "choose
 * community"), account (one of the household's accounts or a typed phone) and name.
 * Field names: communityId, addressId, account, username.
 */
export function HolderFields({ communityId: fixedCommunity, householdLabel }: HolderFieldsProps) {
  const { t } = useT();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const communities = useCommunities().map((c) => ({ value: c.communityid, label: c.name }));
  const watched = Form.useWatch('communityId', form) as number | undefined;
  const communityId = fixedCommunity ?? watched;
  const addressId = Form.useWatch('addressId', form) as number | undefined;
  const [text, setText] = useState('');
  const residents = useResidents(communityId, text).map((o) => ({ value: o.intValue, label: o.label }));
  if (addressId !== undefined && householdLabel && !residents.some((o) => o.value === addressId))
    residents.unshift({ value: addressId, label: householdLabel });
  const accounts = useHouseholdAccounts(addressId).map((a) => ({ value: a.regNo, label: a.name ? `${a.regNo} (${a.name})` : a.regNo }));
  const needCommunity = () => {
    if (communityId === undefined) message.warning(t('v.chooseCommunity'));
  };
  return (
    <>
      {fixedCommunity === undefined ? (
        <Form.Item name="communityId" label={t('ui.face.community')} rules={[{ required: true, message: t('v.chooseCommunity') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={communities}
            data-testid="face-community"
            onChange={() => form.setFieldsValue({ addressId: undefined, account: undefined })}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="addressId" label={t('ui.face.household')} rules={[fieldRule(createFaceInput, 'addressId')]}>
        <Select
          showSearch
          allowClear
          filterOption={false}
          placeholder={t('ui.face.searchHousehold')}
          options={residents}
          onFocus={needCommunity}
          onSearch={(v) => {
            needCommunity();
            setText(v);
          }}
          onChange={() => form.setFieldValue('account', undefined)}
          data-testid="face-household"
        />
      </Form.Item>
      <Form.Item
        name="account"
        label={t('ui.face.account')}
        extra={t('ui.face.accountHint')}
        rules={[fieldRule(createFaceInput, 'account')]}
      >
        <AutoComplete options={accounts} filterOption={(input, o) => String(o?.value ?? '').includes(input)} data-testid="face-account">
          <Input maxLength={20} />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="username" label={t('ui.face.username')} rules={[fieldRule(createFaceInput, 'username', { required: false })]}>
        <Input maxLength={50} data-testid="face-username" />
      </Form.Item>
    </>
  );
}
