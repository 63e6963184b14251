import { Tag, type TagProps } from 'antd';
import { useT } from '../i18n/index.ts';

/**
 * A coded value declared once (Ant Design Pro's value enums): its values in display
 * order, the catalogue key of each label and the colour of its tag. Tags, filters,
 * selects and columns read it.
 */
export interface ValueEnum<V extends string | number> {
  values: readonly V[];
  label(v: V): string;
  color(v: V): TagProps['color'] | undefined;
}

export const valueEnum = <V extends string | number>(
  values: readonly V[],
  label: (v: V) => string,
  color: (v: V) => TagProps['color'] | undefined = () => undefined,
): ValueEnum<V> => ({ values, label, color });

type Tr = (key: string) => string;

/** Select and filter options of an enum, labelled in the current language. */
export const enumOptions = <V extends string | number>(e: ValueEnum<V>, t: Tr) => e.values.map((v) => ({ value: v, label: t(e.label(v)) }));

/** The text of one value (a plain column). */
export const enumText =
  <V extends string | number>(e: ValueEnum<V>, t: Tr) =>
  (v: V) =>
    t(e.label(v));

/** The tag of one value as a row carries it (a plain number or string); extra props (data-testid, data-status) go on the Tag. */
export function EnumTag<V extends string | number>({
  of,
  value,
  ...rest
}: { of: ValueEnum<V>; value: V extends number ? number : string } & Record<`data-${string}`, string | number>) {
  const { t } = useT();
  const v = value as V;
  return (
    <Tag color={of.color(v) ?? 'default'} {...rest}>
      {t(of.label(v))}
    </Tag>
  );
}
