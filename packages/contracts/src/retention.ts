/** What the retention does with access events older than its months: drop them, or keep them without the person (issue 35 item 4). */
export const EVENT_RETENTION_MODES = ['drop', 'pseudonymise'] as const;
export type EventRetentionMode = (typeof EVENT_RETENTION_MODES)[number];

/** Bounds of a community's retention settings (0: the rule is off). */
export const RETENTION_LIMITS = { faceDays: [0, 3650], eventMonths: [0, 120], visitorDays: [0, 3650] } as const;

/** The settings of a community that has not saved its own. */
export const RETENTION_DEFAULTS = { faceDays: 30, eventMonths: 0, eventMode: 'pseudonymise', visitorDays: 90 } as const;
