import { HOLIDAY_MODE, ISO_WEEKDAYS, type ScheduleRow, saveScheduleInput } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { chooseRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { rulesKey, saveSchedule, useRulesReload } from './api.ts';
import { RulesForm } from './RulesForm.tsx';
import { dayError, fromDraft, toDraft, WeekGrid, type WeekDraft } from './WeekGrid.tsx';

type Values = { name: string; holidayMode: number; holidayWeekday?: number };
const EMPTY_WEEK: string[][] = [[], [], [], [], [], [], []];

/** Add or edit a schedule: its name, the week grid, what holidays do. */
export function ScheduleDialog({ communityId, row, onClose }: { communityId: number; row: ScheduleRow | null; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const reload = useRulesReload(communityId);
  const [form] = Form.useForm<Values>();
  const [week, setWeek] = useState<WeekDraft>(toDraft(row?.week ?? EMPTY_WEEK));
  const [tried, setTried] = useState(false);
  const mode = Form.useWatch('holidayMode', form);
  const dialog = useSaveDialog({ form, okTestId: 'schedule-ok' }, async (v) => {
    setTried(true);
    if (week.some((d, i) => dayError(d, i))) throw new Error('week');
    await saveSchedule({
      id: row?.id,
      communityId,
      name: v.name,
      week: JSON.stringify(fromDraft(week)),
      holidayMode: v.holidayMode,
      holidayWeekday: v.holidayMode === HOLIDAY_MODE.weekday ? v.holidayWeekday : undefined,
    });
    await reload();
    void qc.invalidateQueries({ queryKey: rulesKey(communityId, 'groups') });
    onClose();
  });
  return (
    <Modal
      {...dialog.modalProps}
      onOk={() => {
        setTried(true);
        return dialog.onOk();
      }}
      width={980}
      title={row ? t('ui.rules.editSchedule') : t('ui.rules.addSchedule')}
      onCancel={onClose}
    >
      <RulesForm<Values>
        kind="schedule"
        form={form}
        schema={saveScheduleInput}
        row={row}
        initialValues={{ holidayMode: row?.holidayMode ?? HOLIDAY_MODE.closed, holidayWeekday: row?.holidayWeekday ?? undefined }}
      >
        <Form.Item label={t('ui.rules.week')} required>
          <WeekGrid value={week} onChange={setWeek} showErrors={tried} />
        </Form.Item>
        <Space align="start">
          <Form.Item name="holidayMode" label={t('ui.rules.onHolidays')}>
            <Radio.Group
              options={[
                { value: HOLIDAY_MODE.closed, label: t('ui.rules.holidayClosed') },
                { value: HOLIDAY_MODE.weekday, label: t('ui.rules.holidayWeekday') },
              ]}
            />
          </Form.Item>
          {mode === HOLIDAY_MODE.weekday ? (
            <Form.Item name="holidayWeekday" label=" " rules={[chooseRule('f.rules.holidayWeekday')]}>
              <Select
                style={{ width: 160 }}
                data-testid="schedule-holiday-weekday"
                options={ISO_WEEKDAYS.map((d) => ({ value: d, label: t(`rules.day.${d}`) }))}
              />
            </Form.Item>
          ) : null}
        </Space>
      </RulesForm>
    </Modal>
  );
}
