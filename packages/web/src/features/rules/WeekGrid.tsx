import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { dayProblem, ISO_WEEKDAYS, normalizeTime, RULES_LIMITS } from '@gatehouse/contracts';
import { Button, Checkbox, Input, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { tr, useT } from '../../i18n/index.ts';

/** One interval as typed: start and end `HH:MM`. */
export type Draft = { start: string; end: string };
/** 7 days (Monday first) of drafts. */
export type WeekDraft = Draft[][];

export const toDraft = (week: string[][]): WeekDraft => week.map((d) => d.map((t) => ({ start: t.slice(0, 5), end: t.slice(6) })));
export const fromDraft = (week: WeekDraft): string[][] =>
  week.map((d) => d.map((i) => `${normalizeTime(i.start)}-${normalizeTime(i.end)}`));

/** The message of a day's problem, in the session language (the server's words), or null. */
export function dayError(day: Draft[], index: number): string | null {
  const problem = dayProblem(fromDraft([day])[0] ?? [], RULES_LIMITS.intervalsPerDay);
  return problem ? tr(problem, { day: tr(`rules.day.${index + 1}`), max: RULES_LIMITS.intervalsPerDay }) : null;
}

/**
 * The week grid: 7 rows (Monday first), each with up to RULES_LIMITS.intervalsPerDay
 * intervals (start, end) to add and remove; a day's problem shows under it once `showErrors`.
 */
export function WeekGrid({ value, onChange, showErrors }: { value: WeekDraft; onChange: (w: WeekDraft) => void; showErrors: boolean }) {
  const { t } = useT();
  const setDay = (d: number, day: Draft[]) => onChange(value.map((x, i) => (i === d ? day : x)));
  return (
    <div data-testid="week-grid" style={{ display: 'grid', gridTemplateColumns: '90px 1fr', rowGap: 8, columnGap: 12 }}>
      {ISO_WEEKDAYS.map((weekday) => {
        const d = weekday - 1;
        const day = value[d] ?? [];
        const error = showErrors ? dayError(day, d) : null;
        return [
          <Typography.Text key={`l${weekday}`} strong style={{ paddingTop: 4 }}>
            {t(`rules.day.${d + 1}`)}
          </Typography.Text>,
          <div key={`r${weekday}`} data-testid={`week-day-${d + 1}`}>
            <Space wrap>
              {day.length === 0 ? <Typography.Text type="secondary">{t('ui.rules.closedDay')}</Typography.Text> : null}
              {day.map((iv, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an interval is its place in the day (no id of its own)
                <Space.Compact key={`${weekday}-${i}`}>
                  {(['start', 'end'] as const).map((edge) => (
                    <Input
                      key={edge}
                      style={{ width: 100 }}
                      maxLength={RULES_LIMITS.timeOfDay}
                      placeholder={t(`ui.rules.${edge}`)}
                      value={iv[edge]}
                      data-testid={`week-${d + 1}-${i + 1}-${edge}`}
                      status={error ? 'error' : undefined}
                      onChange={(e) =>
                        setDay(
                          d,
                          day.map((x, j) => (j === i ? { ...x, [edge]: e.target.value } : x)),
                        )
                      }
                      // 8:00 is shown as it is kept: 08:00.
                      onBlur={() => {
                        const shown = normalizeTime(iv[edge]);
                        if (shown !== iv[edge])
                          setDay(
                            d,
                            day.map((x, j) => (j === i ? { ...x, [edge]: shown } : x)),
                          );
                      }}
                    />
                  ))}
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('ui.delete')}
                    data-testid={`week-${d + 1}-${i + 1}-remove`}
                    onClick={() =>
                      setDay(
                        d,
                        day.filter((_x, j) => j !== i),
                      )
                    }
                  />
                </Space.Compact>
              ))}
              <Button
                size="small"
                icon={<PlusOutlined />}
                disabled={day.length >= RULES_LIMITS.intervalsPerDay}
                data-testid={`week-${d + 1}-add`}
                onClick={() => setDay(d, [...day, { start: '', end: '' }])}
              >
                {t('ui.rules.addInterval')}
              </Button>
              {day.length ? (
                <CopyDay from={d} onCopy={(to) => onChange(value.map((x, i) => (to.includes(i) ? day.map((iv) => ({ ...iv })) : x)))} />
              ) : null}
            </Space>
            {error ? (
              <Typography.Text type="danger" className="ant-form-item-explain-error" role="alert" style={{ display: 'block' }}>
                {error}
              </Typography.Text>
            ) : null}
          </div>,
        ];
      })}
    </div>
  );
}

/** "Copy to…": a day's intervals replace those of the days ticked (Monday to Friday ticked first when copying from one of them). */
function CopyDay({ from, onCopy }: { from: number; onCopy: (to: number[]) => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const others = ISO_WEEKDAYS.map((w) => w - 1).filter((i) => i !== from);
  const [to, setTo] = useState<number[]>(() => others.filter((i) => (from < 5 ? i < 5 : i >= 5)));
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('ui.rules.copyTitle', { day: t(`rules.day.${from + 1}`) })}
      content={
        <Space direction="vertical" data-testid={`week-${from + 1}-copy-panel`}>
          <Checkbox.Group
            value={to}
            onChange={(v) => setTo(v as number[])}
            options={others.map((i) => ({ value: i, label: t(`rules.day.${i + 1}`) }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
          <Button
            type="primary"
            size="small"
            disabled={!to.length}
            data-testid={`week-${from + 1}-copy-ok`}
            onClick={() => {
              onCopy(to);
              setOpen(false);
            }}
          >
            {t('ui.rules.copyOk')}
          </Button>
        </Space>
      }
    >
      <Button size="small" icon={<CopyOutlined />} data-testid={`week-${from + 1}-copy`}>
        {t('ui.rules.copyTo')}
      </Button>
    </Popover>
  );
}
