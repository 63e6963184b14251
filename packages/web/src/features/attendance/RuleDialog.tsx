import { type AttendanceRule, createCommunityRuleInput, DEFAULT_RULE, PUNCH_COUNTS, RULE_VTYPE } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Radio, Spin, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { notifier } from '../../api/notify.ts';
import { tr, useT } from '../../i18n/index.ts';
import { COMPANIES_KEY, ruleKey, sameRule, saveRule, useRule } from './api.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';

const TIMES = ['starttime', 'endtime', 'mstarttime', 'mendtime', 'pstarttime', 'pendtime'] as const;
type TimeKey = (typeof TIMES)[number];
type FormValues = { vtype: number; type: number } & Partial<Record<TimeKey, Dayjs | null>>;

const toDayjs = (v: string) => (v ? dayjs(`2000-01-01 ${v}`) : null);
const hhmm = (v: Dayjs | null | undefined) => (v ? v.format('HH:mm') : '');
const toInput = (communityid: number, v: FormValues) => ({
  communityid,
  vtype: v.vtype,
  type: v.type,
  ...(Object.fromEntries(TIMES.map((k) => [k, hhmm(v[k])])) as Record<TimeKey, string>),
});

/** Loaded rule → form values; in the default mode the custom fields propose DEFAULT_RULE. */
function initial(r: AttendanceRule): FormValues {
  const custom = r.vtype === RULE_VTYPE.custom;
  const pick = (k: TimeKey) => toDayjs((custom && r[k]) || DEFAULT_RULE[k]);
  return { vtype: r.vtype, type: custom && r.type ? r.type : DEFAULT_RULE.type, ...Object.fromEntries(TIMES.map((k) => [k, pick(k)])) };
}

/**
 * Attendance settings of a company (001 §2, §4, §5): mode custom or default (default
 * hides the custom fields); punch count 2 (start, end), 4 (+ noon), 6 (+ noon and
 * overtime). The browser checks the server's schema, so the messages are the same.
 */
export function RuleDialog({ communityId, name, onClose }: { communityId: number; name: string; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const rule = useRule(communityId);
  const vtype = Form.useWatch('vtype', form);
  const count = Form.useWatch('type', form) ?? 0;

  useEffect(() => {
    if (rule.data) form.setFieldsValue(initial(rule.data));
  }, [rule.data, form]);

  /** The issues the contracts schema finds for one field, in the session language. */
  const schemaRule = (key: TimeKey): Rule => ({
    validator: async () => {
      const res = createCommunityRuleInput.safeParse(toInput(communityId, form.getFieldsValue(true) as FormValues));
      const issue = res.success ? undefined : res.error.issues.find((i) => i.path[0] === key);
      if (issue) throw new Error(tr(issue.message));
    },
  });

  const dialog = useSaveDialog({ form, okDisabled: !rule.data }, async (v) => {
    const input = toInput(communityId, { ...(form.getFieldsValue(true) as FormValues), ...v });
    if (rule.data && sameRule(rule.data, input)) {
      notifier().success(t('ok.configured'));
      onClose();
      return;
    }
    const saved = await saveRule(input);
    qc.setQueryData(ruleKey(communityId), saved);
    void qc.invalidateQueries({ queryKey: COMPANIES_KEY });
    onClose();
  });

  const range = (label: string, start: TimeKey, end: TimeKey) => (
    <Form.Item label={label} required style={{ marginBottom: 0 }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={start} rules={[schemaRule(start)]} dependencies={[end, 'type', 'vtype']}>
          <TimePicker format="HH:mm" aria-label={t(`f.rule.${start}`)} placeholder={t(`f.rule.${start}`)} />
        </Form.Item>
        <Form.Item name={end} rules={[schemaRule(end)]} dependencies={[start, 'type', 'vtype']}>
          <TimePicker format="HH:mm" aria-label={t(`f.rule.${end}`)} placeholder={t(`f.rule.${end}`)} />
        </Form.Item>
      </div>
    </Form.Item>
  );

  return (
    <Modal {...dialog.modalProps} title={`${t('ui.att.settings')} - ${name}`} onCancel={onClose}>
      {rule.data ? (
        <Form form={form} layout="vertical" data-testid="rule-form" initialValues={initial(rule.data)}>
          <Form.Item label={t('ui.att.mode')} name="vtype">
            <Radio.Group options={[RULE_VTYPE.custom, RULE_VTYPE.standard].map((v) => ({ value: v, label: t(`ui.att.mode.${v}`) }))} />
          </Form.Item>
          {vtype === RULE_VTYPE.custom ? (
            <>
              <Form.Item label={t('ui.att.punchCount')} name="type">
                <Radio.Group options={PUNCH_COUNTS.map((n) => ({ value: n, label: t('ui.att.punches', { n }) }))} />
              </Form.Item>
              {range(t('ui.att.work'), 'starttime', 'endtime')}
              {count >= 4 ? range(t('ui.att.noon'), 'mstarttime', 'mendtime') : null}
              {count >= 6 ? range(t('ui.att.overtime'), 'pstarttime', 'pendtime') : null}
            </>
          ) : (
            <Alert
              type="info"
              showIcon
              message={t('ui.att.defaultHint', { start: DEFAULT_RULE.starttime.slice(0, 5), end: DEFAULT_RULE.endtime.slice(0, 5) })}
            />
          )}
        </Form>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
