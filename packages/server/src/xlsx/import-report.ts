import { IMPORT_LIMITS, type ImportReport, type ImportRowError } from '@gatehouse/contracts';

/**
 * The problems of one import, in bounded memory whatever the file: the first `cap` by row are
 * kept one by one, every problem is counted by column and message, and the rejected rows are
 * counted (a 0.6 MB sheet of 200,000 wrong rows made a 90 MB answer of 1.2M problems before).
 */
export class ImportProblems {
  private kept: ImportRowError[] = [];
  private sorted = true;
  private total = 0;
  private readonly kinds = new Map<string, { column: string; message: string; count: number }>();
  private readonly rows = new Set<number>();

  constructor(private readonly cap = IMPORT_LIMITS.reportedErrors) {}

  add(e: ImportRowError): void {
    this.total++;
    this.rows.add(e.row);
    const key = `${e.column}\u0000${e.message}`;
    const kind = this.kinds.get(key);
    if (kind) kind.count++;
    else this.kinds.set(key, { column: e.column, message: e.message, count: 1 });
    const last = this.kept.at(-1);
    if (last && e.row < last.row) this.sorted = false;
    this.kept.push(e);
    // Keep the lowest rows: trim back to the cap once the list holds twice as many (amortised).
    if (this.kept.length >= this.cap * 2) this.trim();
  }

  get count(): number {
    return this.total;
  }

  private trim(): void {
    if (!this.sorted) this.kept.sort((a, b) => a.row - b.row);
    this.sorted = true;
    this.kept.length = Math.min(this.kept.length, this.cap);
  }

  report(imported: number): ImportReport {
    this.trim();
    return {
      imported,
      rejected: this.rows.size,
      errors: this.kept,
      omitted: this.total - this.kept.length,
      kinds: [...this.kinds.values()].sort((a, b) => b.count - a.count),
    };
  }
}
