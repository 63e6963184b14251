import { type createCardInput, createFaceInput } from '@gatehouse/contracts';
import { AutoComplete, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useCommunities, useResidents } from '../../api/lookups.ts';
import { useT } from '../../i18n/index.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { useHouseholdAccounts } from './api.ts';
import { useApp } from '../../shared/useApp.ts';

export interface HouseholdFieldsProps {
  /** Whose dialog: names the texts (`ui.<area>.community`, ...) and the test ids (`<area>-account`, ...). */
  area: 'card' | 'face';
  /** The dialog's input schema: the household and account rules come from it. */
  schema: typeof createCardInput | typeof createFaceInput;
  /** Edit: the holder's community (fixed); its name is shown read-only when given. */
  fixed?: { communityId: number; communityName?: string; householdLabel?: string };
  /** Also the holder's name (field username; the face form's rule: the card form has no name). */
  withName?: boolean;
}

/**
 * The holder fields of the card and face dialogs: community (add only), household
 * (remote search; a community first: warning "choose community"), account (one of the
 * household's accounts, or a typed phone) and, optionally, name.
 * Field names: communityId, addressId, account, username.
 */
export function HouseholdFields({ area, schema, fixed, withName }: HouseholdFieldsProps) {
  const { t } = useT();
  const { message } = useApp();
  const form = Form.useFormInstance();
  const communities = useCommunities(true).map((c) => ({ value: c.communityid, label: c.name }));
  const watched = Form.useWatch('communityId', form) as number | undefined;
  const communityId = fixed?.communityId ?? watched;
  const addressId = Form.useWatch('addressId', form) as number | undefined;
  const [text, setText] = useState('');
  const residents = useResidents(communityId, text).map((o) => ({ value: o.intValue, label: o.label }));
  if (fixed?.householdLabel && addressId !== undefined && !residents.some((o) => o.value === addressId))
    residents.unshift({ value: addressId, label: fixed.householdLabel });
  const accounts = useHouseholdAccounts(addressId).map((a) => ({ value: a.regNo, label: a.name ? `${a.regNo} (${a.name})` : a.regNo }));
  const needCommunity = () => {
    if (communityId === undefined) message.warning(t('v.chooseCommunity'));
  };
  const community = fixed ? (
    fixed.communityName !== undefined && (
      <Form.Item label={t(`ui.${area}.community`)}>
        <Input value={fixed.communityName} disabled data-testid={`${area}-community-readonly`} />
      </Form.Item>
    )
  ) : (
    <Form.Item name="communityId" label={t(`ui.${area}.community`)} rules={[{ required: true, message: t('v.chooseCommunity') }]}>
      <Select
        showSearch
        optionFilterProp="label"
        options={communities}
        data-testid={`${area}-community`}
        onChange={() => form.setFieldsValue({ addressId: undefined, account: undefined })}
      />
    </Form.Item>
  );
  return (
    <>
      {community}
      <Form.Item name="addressId" label={t(`ui.${area}.household`)} rules={[fieldRule(schema, 'addressId')]}>
        <Select
          showSearch
          allowClear
          filterOption={false}
          placeholder={t(`ui.${area}.searchHousehold`)}
          options={residents}
          onFocus={needCommunity}
          onSearch={(v) => {
            needCommunity();
            setText(v);
          }}
          onChange={() => form.setFieldValue('account', undefined)}
          data-testid={`${area}-household`}
        />
      </Form.Item>
      <Form.Item name="account" label={t(`ui.${area}.account`)} extra={t(`ui.${area}.accountHint`)} rules={[fieldRule(schema, 'account')]}>
        <AutoComplete options={accounts} filterOption={(input, o) => String(o?.value ?? '').includes(input)}>
          <Input maxLength={fieldMax(schema, 'account')} data-testid={`${area}-account`} />
        </AutoComplete>
      </Form.Item>
      {withName && (
        <Form.Item name="username" label={t(`ui.${area}.username`)} rules={[fieldRule(createFaceInput, 'username', { required: false })]}>
          <Input maxLength={fieldMax(createFaceInput, 'username')} data-testid={`${area}-username`} />
        </Form.Item>
      )}
    </>
  );
}
