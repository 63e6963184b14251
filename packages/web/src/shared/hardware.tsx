import { HARDWARE } from '@gatehouse/contracts';
import { Checkbox, Space, Tag } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useT } from '../i18n/index.ts';

/** What a door unit supports, bit by bit: the flag field of the save inputs, the bit, its label key. */
const FLAGS = [
  ['faceSupported', HARDWARE.face, 'ui.hardware.face'],
  ['qrcodeSupported', HARDWARE.qrcode, 'ui.hardware.qrcode'],
  ['cardSupported', HARDWARE.card, 'ui.hardware.card'],
  ['pwdSupported', HARDWARE.password, 'ui.hardware.password'],
] as const;

/** The bits set in a hardware value, in display order. */
export const hardwareBits = (hardware: number): number[] => FLAGS.filter(([, bit]) => hardware & bit).map(([, bit]) => bit);

/** The flag fields of a save input from the ticked bits (each the bit, or 0). */
export const hardwareFlags = (bits: number[]): Record<string, number> =>
  Object.fromEntries(FLAGS.map(([field, bit]) => [field, bits.includes(bit) ? bit : 0]));

/** The hardware checkboxes (a dialog's field, a filter); the value is the ticked bits. */
export function HardwareChoice(p: Omit<CheckboxGroupProps<number>, 'options'>) {
  const { t } = useT();
  return <Checkbox.Group<number> {...p} options={FLAGS.map(([, bit, label]) => ({ value: bit, label: t(label) }))} />;
}

/** A hardware value shown as a tag per supported bit (`gap`: spaced by so many pixels). */
export function HardwareTags({ value, gap }: { value: number; gap?: number }) {
  const { t } = useT();
  const tags = FLAGS.filter(([, bit]) => value & bit).map(([, bit, label]) => <Tag key={bit}>{t(label)}</Tag>);
  return gap === undefined ? tags : <Space size={gap}>{tags}</Space>;
}
