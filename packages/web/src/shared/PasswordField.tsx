import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { differentFrom, fieldRule, sameAs } from './rules.ts';

export interface PasswordFieldProps<S extends z.ZodObject> {
  /** The contracts input schema the field belongs to (its rule, the server's message). */
  schema: S;
  name: keyof S['shape'] & string;
  /** The label, already translated. */
  label: string;
  /** The password in use (browsers fill it in) rather than a new one. */
  current?: boolean;
  /** A new password: the field it must differ from and the catalogue key of the message. */
  differentFrom?: [field: string, messageKey: string];
  testId?: string;
  /**
   * A new password's confirmation, right below it: a field of the same schema that must equal it
   * (`mismatch`: the catalogue key of the message when it does not, default `v.passwordMismatch`).
   */
  confirm?: { name: keyof S['shape'] & string; label: string; testId?: string; mismatch?: string };
}

function PasswordItem(p: { label: string; name: string; other?: string; rules: Rule[]; current?: boolean; testId?: string }) {
  return (
    <Form.Item label={p.label} name={p.name} dependencies={p.other ? [p.other] : undefined} rules={p.rules}>
      <Input.Password autoComplete={p.current ? 'current-password' : 'new-password'} data-testid={p.testId} />
    </Form.Item>
  );
}

/**
 * One password field of a form: its schema rule, a new password checked against another field,
 * and with `confirm` its confirmation field that must equal it.
 */
export function PasswordField<S extends z.ZodObject>(p: PasswordFieldProps<S>) {
  const rules: Rule[] = [fieldRule(p.schema, p.name)];
  if (p.differentFrom) rules.push(differentFrom(...p.differentFrom));
  const field = (
    <PasswordItem label={p.label} name={p.name} other={p.differentFrom?.[0]} rules={rules} current={p.current} testId={p.testId} />
  );
  const c = p.confirm;
  if (!c) return field;
  return (
    <>
      {field}
      <PasswordItem
        label={c.label}
        name={c.name}
        other={p.name}
        rules={[fieldRule(p.schema, c.name), sameAs(p.name, c.mismatch ?? 'v.passwordMismatch')]}
        testId={c.testId}
      />
    </>
  );
}
