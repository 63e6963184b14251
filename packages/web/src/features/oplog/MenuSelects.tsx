import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { call } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

type Props = { value?: number; onChange?: (v: number | undefined) => void };

export function FirstMenuSelect({ value, onChange }: Props) {
  const { t, lang } = useT();
  const q = useQuery({ queryKey: ['menusByPid', 0, lang], queryFn: () => call(ROUTES.oplog.getMenusByPid, { pid: 0 }) });
  return (
    <Select allowClear value={value} onChange={onChange} style={{ width: 180 }} placeholder={t('ui.all')} data-testid="oplog-menu1"
      options={(q.data ?? []).map((m) => ({ value: m.intValue, label: m.label }))} />
  );
}

/** Second-level menus, loaded from the chosen first-level menu; cleared when it changes. */
export function SecondMenuSelect({ value, onChange }: Props) {
  const { t, lang } = useT();
  const form = Form.useFormInstance();
  const pid = Form.useWatch('name1', form) as number | undefined;
  const q = useQuery({
    queryKey: ['menusByPid', pid, lang],
    queryFn: () => call(ROUTES.oplog.getMenusByPid, { pid }),
    enabled: pid !== undefined,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the second menu is cleared whenever the first one changes
  useEffect(() => {
    form.setFieldValue('name2', undefined);
  }, [pid, form]);
  return (
    <Select allowClear value={value} onChange={onChange} style={{ width: 180 }} placeholder={t('ui.all')} disabled={pid === undefined} data-testid="oplog-menu2"
      options={pid === undefined ? [] : (q.data ?? []).map((m) => ({ value: m.intValue, label: m.label }))} />
  );
}
