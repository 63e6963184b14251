import { Select } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../i18n/index.ts';
import { useMenusByPid } from './api.ts';

type Props = { id?: string; 'aria-label'?: string; value?: number; onChange?: (v: number | undefined) => void };

/** The menus under one parent (0: the first level) as a select; empty means all. */
function MenuSelect({ pid, testId, value, onChange, ...named }: Props & { pid: number | undefined; testId: string }) {
  const { t, lang } = useT();
  const q = useMenusByPid(pid, lang);
  return (
    <Select
      {...named}
      allowClear
      value={value}
      onChange={onChange}
      style={{ width: 180 }}
      placeholder={t('ui.all')}
      disabled={pid === undefined}
      data-testid={testId}
      options={pid === undefined ? [] : (q.data ?? []).map((m) => ({ value: m.intValue, label: m.label }))}
    />
  );
}

export const FirstMenuSelect = (p: Props) => <MenuSelect {...p} pid={0} testId="oplog-menu1" />;

/** Second-level menus, loaded from the chosen first-level menu (`pid`); cleared when it changes. */
export function SecondMenuSelect({ pid, ...p }: Props & { pid: number | undefined }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the second menu is cleared whenever the first one changes
  useEffect(() => {
    if (p.value !== undefined) p.onChange?.(undefined);
  }, [pid]);
  return <MenuSelect {...p} pid={pid} testId="oplog-menu2" />;
}
