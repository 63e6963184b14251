import type { ButtonProps, FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { tr } from '../i18n/index.ts';
import { validateThenSave } from './validateThenSave.ts';

/** The form's values when every rule passes, else undefined (the broken rules show on their fields). */
export const validValues = <V>(form: FormInstance<V>): Promise<V | undefined> => form.validateFields().catch(() => undefined);

/** The OK button of a save dialog: its test id, and disabled while the dialog has nothing to save yet. */
export interface SaveOk {
  okTestId?: string;
  okDisabled?: boolean;
}

/**
 * A save dialog: spread `modalProps` on the Modal (open, OK runs validate-then-save
 * with a spinner, destroyed on close); `save` closes or moves on as the dialog needs.
 * The first argument is the form, or the form with the OK button's test id / disabled state.
 * OK and Cancel read the language's antd locale (the same words as `ui.ok` / `ui.cancel`).
 */
export function useSaveDialog<V>(
  of: FormInstance<V> | null | ({ form: FormInstance<V> | null } & SaveOk),
  save: (values: V) => Promise<unknown>,
) {
  const { form, okTestId, okDisabled } = of && 'form' in of ? of : { form: of, okTestId: undefined, okDisabled: undefined };
  const [saving, setSaving] = useState(false);
  const validate = form ? () => form.validateFields() : () => Promise.resolve(undefined as V);
  const onOk = () => validateThenSave(validate, save, setSaving);
  const okButtonProps = { loading: saving, disabled: okDisabled, 'data-testid': okTestId } as ButtonProps;
  return { saving, onOk, modalProps: { open: true, onOk, okButtonProps, destroyOnHidden: true } as const };
}

/** A save dialog without a form (a tree, a table of drafts): the same OK, spinner and quiet failure. */
export function useSaveAction(ok: SaveOk, save: () => Promise<unknown>): ReturnType<typeof useSaveDialog<undefined>>;
export function useSaveAction(save: () => Promise<unknown>): ReturnType<typeof useSaveDialog<undefined>>;
export function useSaveAction(a: SaveOk | (() => Promise<unknown>), b?: () => Promise<unknown>) {
  const [ok, save] = typeof a === 'function' ? [{}, a] : [a, b as () => Promise<unknown>];
  return useSaveDialog<undefined>({ form: null, ...ok }, save);
}

/** After a door or lift assignment is saved: the server's message (or "configured"), then saved and closed. */
export function configured(message: MessageInstance, answer: { msgs?: string[] }, p: { onSaved?: () => void; onClose: () => void }): void {
  message.success(answer.msgs?.[0] ?? tr('ok.configured'));
  p.onSaved?.();
  p.onClose();
}
