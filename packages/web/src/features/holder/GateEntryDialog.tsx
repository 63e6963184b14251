import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../i18n/index.ts';
import { DATE_TIME } from '../../shared/dates.ts';
import { parseDateTime } from './DoorAssignDialog.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { LIMITS } from '@gatehouse/contracts';

/** One holder (card or face) on one door unit, as the door-unit lists show it. */
export interface GateEntry {
  id: number;
  validfrom: string;
  validto: string;
  info: string;
}

type Field = 'validfrom' | 'validto' | 'info';
type Issue = { path: PropertyKey[]; message: string };

export interface GateEntryDialogProps {
  /** Whose entry: names the texts (`ui.<area>.validfrom`, ...) and the test ids (`<area>-entry-...`). */
  area: 'card' | 'face';
  /** Shown after the title: the card number or the account. */
  holder: string;
  entry: GateEntry;
  /** The route's input schema, so the browser refuses what the server would. */
  schema: { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: Issue[] } } };
  /** Sends the edit (the server's message is shown on an error, which must reject). */
  save: (input: GateEntry) => Promise<unknown>;
  onClose: (saved: boolean) => void;
}

interface Values {
  validfrom?: Dayjs;
  validto?: Dayjs;
  info?: string;
}

const toInput = (id: number, v: Values): GateEntry => ({
  id,
  validfrom: v.validfrom?.format(DATE_TIME) ?? '',
  validto: v.validto?.format(DATE_TIME) ?? '',
  info: v.info?.trim() ?? '',
});

/** Edits the validity and note of one card or face on one door unit (/gm/card/:id, /gm/face/:id). */
export function GateEntryDialog({ area, holder, entry, schema, save, onClose }: GateEntryDialogProps) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const check = (name: Field) => ({
    validator: async () => {
      const res = schema.safeParse(toInput(entry.id, form.getFieldsValue()));
      const issue = res.success ? undefined : res.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(t(issue.message));
    },
  });
  const dialog = useSaveDialog({ form, okTestId: `${area}-entry-save` }, async (v) => {
    await save(toInput(entry.id, v));
    onClose(true);
  });
  const date = (name: 'validfrom' | 'validto', other: Field) => (
    <Form.Item name={name} label={t(`ui.${area}.${name}`)} rules={[check(name)]} dependencies={[other]} required>
      <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} data-testid={`${area}-entry-${name}`} />
    </Form.Item>
  );
  return (
    <Modal {...dialog.modalProps} title={`${t(`ui.${area}.editEntry`)}: ${holder}`} onCancel={() => onClose(false)}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ validfrom: parseDateTime(entry.validfrom), validto: parseDateTime(entry.validto), info: entry.info }}
        data-testid={`${area}-entry-form`}
      >
        {date('validfrom', 'validto')}
        {date('validto', 'validfrom')}
        <Form.Item name="info" label={t(`ui.${area}.info`)} rules={[check('info')]}>
          <Input.TextArea rows={2} maxLength={LIMITS.entryInfo} showCount data-testid={`${area}-entry-info`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
