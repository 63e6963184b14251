import { createCardInput } from '@gatehouse/contracts';
import { App, AutoComplete, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { useCommunities, useResidents } from '../account/api.ts';
import { useHouseholdAccounts } from './api.ts';

export interface HouseholdFieldsProps {
  /** Edit: the card's community (read-only, shown by name). */
  fixed?: { communityId: number; communityName: string; householdLabel: string };
}

/**
 * Community (add only), household (remote search; a community first: warning
 * "choose community") and account (one of the household's accounts, or a typed phone).
 * Field names: communityId, addressId, account.
 */
export function HouseholdFields({ fixed }: HouseholdFieldsProps) {
  const { t } = useT();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const communities = useCommunities().map((c) => ({ value: c.communityid, label: c.name }));
  const watched = Form.useWatch('communityId', form) as number | undefined;
  const communityId = fixed?.communityId ?? watched;
  const addressId = Form.useWatch('addressId', form) as number | undefined;
  const [text, setText] = useState('');
  const residents = useResidents(communityId, text).map((o) => ({ value: o.intValue, label: o.label }));
  if (fixed && addressId !== undefined && !residents.some((o) => o.value === addressId))
    residents.unshift({ value: addressId, label: fixed.householdLabel });
  const accounts = useHouseholdAccounts(addressId).map((a) => ({ value: a.regNo, label: a.name ? `${a.regNo} (${a.name})` : a.regNo }));
  const needCommunity = () => {
    if (communityId === undefined) message.warning(t('v.chooseCommunity'));
  };
  return (
    <>
      {fixed ? (
        <Form.Item label={t('ui.card.community')}>
          <Input value={fixed.communityName} disabled data-testid="card-community-readonly" />
        </Form.Item>
      ) : (
        <Form.Item name="communityId" label={t('ui.card.community')} rules={[{ required: true, message: t('v.chooseCommunity') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={communities}
            data-testid="card-community"
            onChange={() => form.setFieldsValue({ addressId: undefined, account: undefined })}
          />
        </Form.Item>
      )}
      <Form.Item name="addressId" label={t('ui.card.household')} rules={[fieldRule(createCardInput, 'addressId')]}>
        <Select
          showSearch
          allowClear
          filterOption={false}
          placeholder={t('ui.card.searchHousehold')}
          options={residents}
          onFocus={needCommunity}
          onSearch={(v) => {
            needCommunity();
            setText(v);
          }}
          onChange={() => form.setFieldValue('account', undefined)}
          data-testid="card-household"
        />
      </Form.Item>
      <Form.Item
        name="account"
        label={t('ui.card.account')}
        extra={t('ui.card.accountHint')}
        rules={[fieldRule(createCardInput, 'account')]}
      >
        <AutoComplete options={accounts} filterOption={(input, o) => String(o?.value ?? '').includes(input)}>
          <Input maxLength={20} data-testid="card-account" />
        </AutoComplete>
      </Form.Item>
    </>
  );
}
