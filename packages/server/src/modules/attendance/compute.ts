import { type AttendanceRule, CLOCK_STATUS, type ClockInRow, DEFAULT_RULE, RULE_VTYPE } from '@gatehouse/contracts';

/** The rule as the computation uses it: punch count and the saved rule's HH:mm:ss ranges. */
export type EffectiveRule = { count: 2 | 4 | 6 } & Pick<AttendanceRule, RuleTime>;

/** The saved rule's time fields. */
type RuleTime = 'starttime' | 'endtime' | 'mstarttime' | 'mendtime' | 'pstarttime' | 'pendtime';

/** What one person's punches of one day come to: the times and status of a clock-in row. */
export type DayResult = Pick<
  ClockInRow,
  'opentime' | 'closetime' | 'mstarttime' | 'mendtime' | 'pstarttime' | 'pendtime' | 'longtime' | 'status'
>;

/** The saved rule, or DEFAULT_RULE (2 punches, 09:00–18:00) in the default mode. */
export function effectiveRule(r: Pick<AttendanceRule, 'vtype' | 'type' | RuleTime>): EffectiveRule {
  if (r.vtype !== RULE_VTYPE.custom || ![2, 4, 6].includes(r.type) || !r.starttime || !r.endtime) {
    return { ...DEFAULT_RULE, count: 2 };
  }
  return {
    count: r.type as 2 | 4 | 6,
    starttime: r.starttime,
    endtime: r.endtime,
    mstarttime: r.mstarttime,
    mendtime: r.mendtime,
    pstarttime: r.pstarttime,
    pendtime: r.pendtime,
  };
}

const seconds = (t: string): number => {
  const [h = 0, m = 0, s = 0] = t.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};
const hhmm = (secs: number): string => {
  const m = Math.floor(secs / 60);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const within = (t: string, from: string, to: string) => !!from && !!to && seconds(t) >= seconds(from) && seconds(t) <= seconds(to);

/**
 * Reads one person's punches of one day (HH:mm:ss, any order) against the rule:
 * - with 6 punches, the punches inside the overtime range are overtime (first = its
 *   start, last = its end); they are taken first, so overtime before work or after it
 *   does not pass for the start or end of work;
 * - of the other punches the first is start of work (opentime);
 * - with 4 or 6 punches, later punches inside the noon range are the noon break;
 * - the last remaining punch after the start is end of work (closetime).
 * Status is normal (1) when start and end exist, start ≤ rule start, end ≥ rule end,
 * and the noon (4, 6) and overtime (6) ranges each hold two punches; else abnormal (0).
 * Duration: start to end less the noon break, plus overtime, as HH:mm.
 */
export function computeDay(punches: readonly string[], rule: EffectiveRule): DayResult {
  const times = [...new Set(punches)].sort((a, b) => seconds(a) - seconds(b));
  const over = rule.count >= 6 ? times.filter((t) => within(t, rule.pstarttime, rule.pendtime)) : [];
  const rest = times.filter((t) => !over.includes(t));
  const open = rest[0] ?? '';
  const later = rest.slice(1);
  const noon = rule.count >= 4 ? later.filter((t) => within(t, rule.mstarttime, rule.mendtime)) : [];
  const close = later.filter((t) => !noon.includes(t)).at(-1) ?? '';
  const pair = (xs: string[]) => (xs.length >= 2 ? ([xs[0] as string, xs[xs.length - 1] as string] as const) : null);
  const noonPair = pair(noon);
  const overPair = pair(over);

  let worked = 0;
  let known = false;
  if (open && close) {
    worked += seconds(close) - seconds(open);
    if (noonPair && seconds(noonPair[0]) > seconds(open) && seconds(noonPair[1]) < seconds(close))
      worked -= seconds(noonPair[1]) - seconds(noonPair[0]);
    known = true;
  }
  if (overPair) {
    worked += seconds(overPair[1]) - seconds(overPair[0]);
    known = true;
  }

  const onTime = !!open && !!close && seconds(open) <= seconds(rule.starttime) && seconds(close) >= seconds(rule.endtime);
  const normal = onTime && (rule.count < 4 || !!noonPair) && (rule.count < 6 || !!overPair);
  return {
    opentime: open,
    closetime: close,
    mstarttime: noon[0] ?? '',
    mendtime: noonPair?.[1] ?? '',
    pstarttime: over[0] ?? '',
    pendtime: overPair?.[1] ?? '',
    longtime: known ? hhmm(worked) : '',
    status: normal ? CLOCK_STATUS.normal : CLOCK_STATUS.abnormal,
  };
}
