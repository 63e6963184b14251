import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';

type Cells = readonly (string | number | null | undefined)[];

/** What the request's thread tells the sheet's worker: the header row, rows to write (batch number `n`), the end. */
export type ToSheetWorker = { header: string[] | undefined } | { rows: Cells[]; n: number } | { finish: true };
/** What the worker answers: a piece of the file, a batch written, the file's end. */
export type FromSheetWorker = { data: Uint8Array } | { ack: number } | { end: true };
export interface SheetWorkerData {
  sheet: string;
  columns: number;
}

/** Rows a message carries. */
const BATCH_ROWS = 500;
/**
 * Batches sent and not yet written before `row` makes its caller wait: 8,000 rows, more than a
 * PGlite statement answers at once, so the worker still has rows while the next statement runs on
 * the request's thread (with 4, the two threads took turns instead of working side by side).
 */
const AHEAD = 16;

/**
 * The worker's young generation: 4 MB instead of V8's default 16, which held about 15 MB more for a
 * 300k-row sheet (the worker's rows die young either way; docs/performance.md, "Exports").
 */
const LIMITS = { maxYoungGenerationSizeMb: 4 };
/**
 * The worker's module: the bundled `sheet-worker.mjs` beside `main.mjs` when the server runs built
 * (`scripts/build-server.mjs`); under tsx and in tests the TypeScript source, loaded through tsx's
 * loader registered in the worker (a worker does not take `--import tsx` from its `execArgv`).
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSource ? './sheet-worker.ts' : './sheet-worker.mjs', import.meta.url);
const startWorker = (workerData: SheetWorkerData): Worker => {
  if (!fromSource) return new Worker(WORKER_URL, { workerData, resourceLimits: LIMITS });
  const code = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(code, { eval: true, workerData, resourceLimits: LIMITS });
};

/**
 * A `SheetStream` (same calls, same file) whose XML is built and deflated on a worker thread,
 * for the large exports (`streamWorkbook`): the request's thread only reads the rows and makes
 * their cells, so a PGlite server, whose database runs on that thread too, exports faster, and
 * other requests wait less meanwhile. Rows go over in batches, at most AHEAD batches ahead of
 * what the worker has written, and `row` also waits while `out` is full (backpressure: what is
 * held stays a few batches whatever the client's speed). `abort()` stops the worker at once.
 */
export class OffThreadSheet {
  private readonly worker: Worker;
  private batch: Cells[] = [];
  /** Batches sent and written (the header's start is batch 0). */
  private sent = 0;
  private written = -1;
  private full = false;
  private gone = false;
  private closed = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private waitingFor: () => boolean = () => true;
  private readonly ended: Promise<void>;
  private end!: () => void;

  constructor(
    private readonly out: Writable,
    sheet: string,
    columns: number,
  ) {
    this.ended = new Promise((resolve) => {
      this.end = resolve;
    });
    this.worker = startWorker({ sheet, columns });
    this.worker.on('message', (m: FromSheetWorker) => this.received(m));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`the sheet's worker stopped (exit code ${code})`)));
  }

  private received(m: FromSheetWorker): void {
    // Pieces the worker sent before it was stopped may still come: the reader is gone, nothing is written.
    if (this.gone) return;
    if ('data' in m) {
      const piece = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
      if (!this.out.write(piece) && !this.full) {
        this.full = true;
        this.out.once('drain', () => {
          this.full = false;
          this.poke();
        });
      }
    } else if ('ack' in m) {
      this.written = m.ack;
      this.poke();
    } else {
      this.closed = true;
      this.out.end();
      this.end();
    }
  }

  private fail(err: Error): void {
    if (this.gone || this.closed || this.failure) return;
    this.failure = err;
    this.end();
    this.poke();
  }

  /** Wakes the waiting caller when what it waits for is there (or there is nothing more to wait for). */
  private poke(): void {
    if (!this.wake) return;
    if (this.gone || this.failure || this.waitingFor()) {
      const wake = this.wake;
      this.wake = null;
      wake();
    }
  }

  private async until(cond: () => boolean): Promise<void> {
    await new Promise<void>((resolve) => {
      this.waitingFor = cond;
      this.wake = resolve;
      this.poke();
    });
    if (this.failure) throw this.failure;
  }

  private readonly roomAhead = () => this.sent - this.written <= AHEAD && !this.full;

  private send(): void {
    if (!this.batch.length) return;
    this.worker.postMessage({ rows: this.batch, n: ++this.sent } satisfies ToSheetWorker);
    this.batch = [];
  }

  /** The reader went away: the worker is stopped and every wait ends now. */
  abort(): void {
    if (this.gone) return;
    this.gone = true;
    void this.worker.terminate();
    this.end();
    this.poke();
  }

  get aborted(): boolean {
    return this.gone;
  }

  /**
   * The workbook's fixed parts and the sheet's opening (and its header row, when given), written by
   * the worker; answers once they are in `out`, so the answer has started, as with SheetStream.
   */
  async start(header?: string[]): Promise<void> {
    this.worker.postMessage({ header } satisfies ToSheetWorker);
    await this.until(() => this.written >= 0);
  }

  /** One row; answers a promise only when the caller must wait (the worker or the reader is behind). */
  row(cells: Cells): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    this.batch.push(cells);
    if (this.batch.length < BATCH_ROWS) return undefined;
    this.send();
    return this.roomAhead() ? undefined : this.until(this.roomAhead);
  }

  /** The last rows, the file's end (the worker's), then `out` ended and the worker stopped. */
  async finish(): Promise<void> {
    this.send();
    this.worker.postMessage({ finish: true } satisfies ToSheetWorker);
    await this.ended;
    if (this.failure) throw this.failure;
    await this.worker.terminate();
  }
}
