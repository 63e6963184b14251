import { ALARM_KIND_ENUM, type AlarmKind } from '@gatehouse/contracts';
import { Tag } from 'antd';
import { useT } from '../../i18n/index.ts';

/** An alarm's kind as a coloured tag (colour and label from ALARM_KIND_ENUM). */
export function KindTag({ kind }: { kind: AlarmKind }) {
  const { t } = useT();
  const k = ALARM_KIND_ENUM[kind];
  return <Tag color={k.color}>{t(k.label)}</Tag>;
}
