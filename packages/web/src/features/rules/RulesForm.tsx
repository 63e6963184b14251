import { Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';

/**
 * The form of a rules dialog (schedule, holiday, group): its test id `<kind>-form`, then the name
 * field (`<kind>-name`, the save route's rule), then the dialog's own fields.
 */
export function RulesForm<V extends { name: string }>(p: {
  kind: 'schedule' | 'holiday' | 'group';
  form: FormInstance<V>;
  /** The save route's input schema (the name's rule). */
  schema: z.ZodObject;
  /** The row edited (null: a new one); its name is the name field's initial value. */
  row: { name: string } | null;
  initialValues: Omit<V, 'name'>;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Form form={p.form} layout="vertical" data-testid={`${p.kind}-form`} initialValues={{ name: p.row?.name ?? '', ...p.initialValues }}>
      <Form.Item name="name" label={t('ui.rules.name')} rules={[fieldRule(p.schema, 'name')]}>
        <Input data-testid={`${p.kind}-name`} />
      </Form.Item>
      {p.children}
    </Form>
  );
}
