import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../i18n/index.ts';
import { useMenusByPid } from './api.ts';

type Props = { value?: number; onChange?: (v: number | undefined) => void };

export function FirstMenuSelect({ value, onChange }: Props) {
  const { t, lang } = useT();
  const q = useMenusByPid(0, lang);
  return (
    <Select
      allowClear
      value={value}
      onChange={onChange}
      style={{ width: 180 }}
      placeholder={t('ui.all')}
      data-testid="oplog-menu1"
      options={(q.data ?? []).map((m) => ({ value: m.intValue, label: m.label }))}
    />
  );
}

/** Second-level menus, loaded from the chosen first-level menu; cleared when it changes. */
export function SecondMenuSelect({ value, onChange }: Props) {
  const { t, lang } = useT();
  const form = Form.useFormInstance();
  const pid = Form.useWatch('name1', form) as number | undefined;
  const q = useMenusByPid(pid, lang);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the second menu is cleared whenever the first one changes
  useEffect(() => {
    form.setFieldValue('name2', undefined);
  }, [pid, form]);
  return (
    <Select
      allowClear
      value={value}
      onChange={onChange}
      style={{ width: 180 }}
      placeholder={t('ui.all')}
      disabled={pid === undefined}
      data-testid="oplog-menu2"
      options={pid === undefined ? [] : (q.data ?? []).map((m) => ({ value: m.intValue, label: m.label }))}
    />
  );
}
