import { Form, type FormInstance, Input } from 'antd';
import type { z } from 'zod';
import { useT } from '../../i18n/index.ts';
import { FieldWithAction } from '../../shared/FieldWithAction.tsx';
import { fieldRule } from '../../shared/rules.ts';
import { type PhoneCode, sendCode } from './api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import { LIMITS } from '@gatehouse/contracts';

/**
 * A phone and the SMS code sent to it (activation, forgotten password): the code is
 * sent once the phone passes its rule. Test ids `<testId>-phone`, `<testId>-code`.
 */
export function PhoneCodeFields({
  form,
  schema,
  testId,
  phoneFixed = false,
}: {
  form: FormInstance<PhoneCode>;
  schema: z.ZodObject;
  testId: string;
  phoneFixed?: boolean;
}) {
  const { t } = useT();
  return (
    <>
      <Form.Item label={t('ui.forget.phone')} name="phoneNumber" rules={[fieldRule(schema, 'phoneNumber')]}>
        <Input disabled={phoneFixed} maxLength={LIMITS.mainlandPhone} data-testid={`${testId}-phone`} />
      </Form.Item>
      <FieldWithAction
        label={t('ui.login.smsCode')}
        name="vcode"
        rules={[fieldRule(schema, 'vcode')]}
        action={<SmsCodeButton send={async () => sendCode((await form.validateFields(['phoneNumber'])).phoneNumber)} />}
      >
        <Input maxLength={LIMITS.smsCodeLength} data-testid={`${testId}-code`} />
      </FieldWithAction>
    </>
  );
}
