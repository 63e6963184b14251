import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { tr } from '../i18n/index.ts';
import { maxLengthOf } from './maxLengthOf.ts';

/**
 * An antd form rule from a contracts zod field: the browser shows the same
 * message the server would (one fact, one place).
 */
export function zodRule(field: z.ZodType, opts: { required?: boolean } = {}): Rule {
  return {
    required: opts.required ?? true,
    validator: async (_rule, value: unknown) => check(field, value),
  };
}

async function check(field: z.ZodType, value: unknown): Promise<void> {
  const v = value === null ? undefined : typeof value === 'number' ? String(value) : value;
  const res = field.safeParse(v);
  if (!res.success) throw new Error(tr(res.error.issues[0]?.message ?? 'err.badRequest'));
}

/** The rule of one field of a contracts object schema. */
export function fieldRule<S extends z.ZodObject>(schema: S, name: keyof S['shape'] & string, opts?: { required?: boolean }): Rule {
  return zodRule(schema.shape[name] as z.ZodType, opts);
}

/**
 * The max length of a text field of a contracts object schema, for its input's `maxLength`: the form
 * stops where the server's check does (one fact). A field without one answers undefined (no limit).
 */
export function fieldMax<S extends z.ZodObject>(schema: S, name: keyof S['shape'] & string): number | undefined {
  return maxLengthOf(schema.shape[name] as z.ZodType);
}

/**
 * `fieldRule` for a screen drawn before zod loads (the sign-in page): the schema, and zod with it,
 * load with the first check of a field.
 */
export function lazyFieldRule<S extends z.ZodObject>(
  load: () => Promise<S>,
  name: keyof S['shape'] & string,
  opts: { required?: boolean } = {},
): Rule {
  return {
    required: opts.required ?? true,
    validator: async (_rule, value: unknown) => check((await load()).shape[name] as z.ZodType, value),
  };
}

/** A confirmation field that must equal another field. */
export const sameAs =
  (other: string, messageRef: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_r, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(tr(messageRef));
    },
  });

/** The field must differ from another (a new password from the old one). */
export const differentFrom =
  (other: string, messageRef: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_r, value: unknown) => {
      if (value && value === getFieldValue(other)) throw new Error(tr(messageRef));
    },
  });

/** A choice the form needs (a select, a date): "please choose" and the field's name (a catalogue key). */
export const chooseRule = (fieldKey: string): Rule => ({ required: true, message: tr('v.choose', { field: tr(fieldKey) }) });
