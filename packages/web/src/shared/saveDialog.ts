import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { tr } from '../i18n/index.ts';
import { validateThenSave } from './validateThenSave.ts';

/** The form's values when every rule passes, else undefined (the broken rules show on their fields). */
export const validValues = <V>(form: FormInstance<V>): Promise<V | undefined> => form.validateFields().catch(() => undefined);

/**
 * A save dialog: spread `modalProps` on the Modal (open, OK runs validate-then-save
 * with a spinner, destroyed on close); `save` closes or moves on as the dialog needs.
 */
export function useSaveDialog<V>(form: FormInstance<V> | null, save: (values: V) => Promise<unknown>) {
  const [saving, setSaving] = useState(false);
  const validate = form ? () => form.validateFields() : () => Promise.resolve(undefined as V);
  const onOk = () => validateThenSave(validate, save, setSaving);
  return { saving, onOk, modalProps: { open: true, onOk, okButtonProps: { loading: saving }, destroyOnHidden: true } as const };
}

/** A save dialog without a form (a tree, a table of drafts): the same OK, spinner and quiet failure. */
export const useSaveAction = (save: () => Promise<unknown>) => useSaveDialog<undefined>(null, save);

/** After a door or lift assignment is saved: the server's message (or "configured"), then saved and closed. */
export function configured(message: MessageInstance, answer: { msgs?: string[] }, p: { onSaved?: () => void; onClose: () => void }): void {
  message.success(answer.msgs?.[0] ?? tr('ok.configured'));
  p.onSaved?.();
  p.onClose();
}
