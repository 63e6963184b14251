/** What an op log line lists (serials, URLs): each item's text joined with commas, cut to `max` characters. */
export const listForLog = <T>(items: readonly T[], text: (item: T) => string, max: number): string =>
  items.map(text).join(', ').slice(0, max);
