/**
 * A strict reader of the Prometheus text exposition format 0.0.4 (what a Prometheus server scrapes),
 * for the metrics tests. It throws on anything a scrape would refuse: a malformed line, a bad name or
 * label, an unreadable value, a sample outside its declared family, a family declared twice, a
 * histogram whose buckets are not cumulative or whose +Inf bucket is not its count. (The npm parser
 * `parse-prometheus-text-format` 1.1.1 merges the series of a labelled histogram into one and drops
 * their counts, so it cannot check `http_request_duration_seconds` by route.)
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function readValue(s: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case (prom-client writes "Nan").
  if (/^\+?inf$/i.test(s)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(s)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(s)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) throw new Error(`bad value in: ${line}`);
  return Number(s);
}

/** Reads `{a="x",b="y"}` from the start of `s`; answers the labels and the rest of the line. */
function readLabels(s: string, line: string): [Record<string, string>, string] {
  const labels: Record<string, string> = {};
  let i = 1;
  while (s[i] !== '}') {
    const eq = s.indexOf('=', i);
    const name = s.slice(i, eq);
    if (eq < 0 || !LABEL.test(name) || s[eq + 1] !== '"' || name in labels) throw new Error(`bad label in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < s.length && s[j] !== '"'; j++) {
      if (s[j] !== '\\') value += s[j];
      else {
        const next = s[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      }
    }
    if (j >= s.length) throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (s[i] === ',') i++;
    else if (s[i] !== '}') throw new Error(`bad label list in: ${line}`);
  }
  return [labels, s.slice(i + 1)];
}

function checkHistogram(f: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const one = series.get(key) ?? { buckets: [] };
    series.set(key, one);
    if (s.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${f.name}: a bucket without le`);
      one.buckets.push([readValue(le, le), s.value]);
    } else if (s.name.endsWith('_count')) one.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Number.POSITIVE_INFINITY) throw new Error(`${f.name}${key}: no +Inf bucket`);
    if (sorted.some(([, v], i) => i > 0 && v < (sorted[i - 1] as [number, number])[1]))
      throw new Error(`${f.name}${key}: buckets not cumulative`);
    if (sorted.at(-1)?.[1] !== count) throw new Error(`${f.name}${key}: +Inf bucket is not the count`);
  }
}

/** Parses a scrape into its families by name. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  let current: Family | null = null;
  const family = (name: string): Family => {
    if (!NAME.test(name)) throw new Error(`bad metric name: ${name}`);
    if (current?.name === name) return current;
    if (families.has(name)) throw new Error(`family ${name} declared twice`);
    current = { name, help: '', type: 'untyped', samples: [] };
    families.set(name, current);
    return current;
  };
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
      if (!m) continue; // a plain comment
      const f = family(m[2] as string);
      if (m[1] === 'HELP') f.help = m[3] ?? '';
      else if (TYPES.has(m[3] ?? '') && !f.samples.length) f.type = m[3] as Family['type'];
      else throw new Error(`bad TYPE line: ${line}`);
      continue;
    }
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0] ?? '';
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) [labels, rest] = readLabels(rest, line);
    const parts = rest.trim().split(/\s+/);
    if (!name || !rest.startsWith(' ') || parts.length < 1 || parts.length > 2) throw new Error(`bad sample line: ${line}`);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`bad timestamp in: ${line}`);
    const owner = current as Family | null;
    const belongs = owner && SUFFIXES[owner.type].some((s) => `${owner.name}${s}` === name);
    const f = belongs ? (owner as Family) : family(name);
    f.samples.push({ name, labels, value: readValue(parts[0] as string, line) });
  }
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

/** The samples of a family with these labels (a histogram's `_count`, `_sum` or `_bucket` by `suffix`). */
export function sampleSum(families: Map<string, Family>, name: string, labels: Record<string, string> = {}, suffix = ''): number {
  const f = families.get(name);
  if (!f) throw new Error(`no family ${name}`);
  const match = f.samples.filter((s) => s.name === `${name}${suffix}` && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return match.reduce((sum, s) => sum + s.value, 0);
}
