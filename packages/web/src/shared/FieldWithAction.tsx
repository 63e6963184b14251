import { Form, type FormItemProps, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A required form field with a button (or image) right beside its input: the label
 * on the outer item, the name and rules on the input's own.
 */
export function FieldWithAction({
  label,
  name,
  rules,
  extra,
  action,
  children,
}: {
  label: ReactNode;
  name: string;
  rules: FormItemProps['rules'];
  extra?: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Item label={label} extra={extra} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={rules}>
          {children}
        </Form.Item>
        {action}
      </Space.Compact>
    </Form.Item>
  );
}
