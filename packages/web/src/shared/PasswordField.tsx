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
  /** A confirmation: the field it must equal and the catalogue key of the message when it does not. */
  sameAs?: [field: string, messageKey: string];
  /** A new password: the field it must differ from and the catalogue key of the message. */
  differentFrom?: [field: string, messageKey: string];
  testId?: string;
}

/** One password field of a form: its schema rule, and a confirmation or a new password checked against another field. */
export function PasswordField<S extends z.ZodObject>(p: PasswordFieldProps<S>) {
  const rules: Rule[] = [fieldRule(p.schema, p.name)];
  if (p.sameAs) rules.push(sameAs(...p.sameAs));
  if (p.differentFrom) rules.push(differentFrom(...p.differentFrom));
  const other = p.sameAs?.[0] ?? p.differentFrom?.[0];
  return (
    <Form.Item label={p.label} name={p.name as string} dependencies={other ? [other] : undefined} rules={rules}>
      <Input.Password autoComplete={p.current ? 'current-password' : 'new-password'} data-testid={p.testId} />
    </Form.Item>
  );
}
