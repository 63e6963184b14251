import { type HolidayRow, saveHolidayInput } from '@gatehouse/contracts';
import { DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { tr, useT } from '../../i18n/index.ts';
import { chooseRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { saveHoliday, useRulesReload } from './api.ts';
import { RulesForm } from './RulesForm.tsx';
import { ISO_DAY } from '../../shared/dates.ts';

type Values = { name: string; datefrom?: Dayjs; dateto?: Dayjs };

/** Add or edit a holiday: a name and its first and last day (the same day for one day). */
export function HolidayDialog({ communityId, row, onClose }: { communityId: number; row: HolidayRow | null; onClose: () => void }) {
  const { t } = useT();
  const reload = useRulesReload(communityId);
  const [form] = Form.useForm<Values>();
  const dialog = useSaveDialog(form, async (v) => {
    await saveHoliday({
      id: row?.id,
      communityId,
      name: v.name,
      datefrom: v.datefrom?.format(ISO_DAY) ?? '',
      dateto: (v.dateto ?? v.datefrom)?.format(ISO_DAY) ?? '',
    });
    await reload();
    onClose();
  });
  const order = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async () => {
      const from = getFieldValue('datefrom') as Dayjs | undefined;
      const to = getFieldValue('dateto') as Dayjs | undefined;
      if (from && to?.isBefore(from, 'day')) throw new Error(tr('rules.v.holidayOrder'));
    },
  });
  return (
    <Modal {...dialog.modalProps} title={row ? t('ui.rules.editHoliday') : t('ui.rules.addHoliday')} onCancel={onClose}>
      <RulesForm<Values>
        kind="holiday"
        form={form}
        schema={saveHolidayInput}
        row={row}
        initialValues={{ datefrom: row ? dayjs(row.datefrom) : undefined, dateto: row ? dayjs(row.dateto) : undefined }}
      >
        <Form.Item name="datefrom" label={t('ui.rules.datefrom')} rules={[chooseRule('f.rules.datefrom')]}>
          <DatePicker format={ISO_DAY} data-testid="holiday-from" />
        </Form.Item>
        <Form.Item name="dateto" label={t('ui.rules.dateto')} dependencies={['datefrom']} rules={[order]}>
          <DatePicker format={ISO_DAY} data-testid="holiday-to" />
        </Form.Item>
      </RulesForm>
    </Modal>
  );
}
