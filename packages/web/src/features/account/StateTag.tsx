import { Tag } from 'antd';
import { useT } from '../../i18n/index.ts';

const COLORS = ['warning', 'success', 'error'] as const;

/** Account state (000 §4): inactive warning, normal success, disabled danger. */
export function StateTag({ state }: { state: number }) {
  const { t } = useT();
  return (
    <Tag color={COLORS[state] ?? 'default'} data-testid={`state-${state}`}>
      {t(`account.state.${state}`)}
    </Tag>
  );
}

export const stateOptions = (t: (k: string) => string) => [0, 1, 2].map((s) => ({ value: s, label: t(`account.state.${s}`) }));
