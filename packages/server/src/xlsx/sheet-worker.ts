import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromSheetWorker, SheetWorkerData, ToSheetWorker } from './off-thread-sheet.ts';
import { SheetStream } from './sheet-stream.ts';

/**
 * The worker thread of an `OffThreadSheet`: a `SheetStream` whose bytes go back to the request's
 * thread as messages. Batches of rows are written in the order they come, each acknowledged once
 * written (the request's thread sends no more than a few ahead, so this thread holds little).
 */
const port = parentPort;
if (!port) throw new Error('sheet-worker.ts runs as a worker thread');
const { sheet, columns } = workerData as SheetWorkerData;
const post = (m: FromSheetWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    // A copy of the piece alone (a zlib chunk may be a view on a larger buffer), handed over, not cloned.
    const bytes = new Uint8Array(chunk);
    post({ data: bytes }, [bytes.buffer as ArrayBuffer]);
    done();
  },
  final(done) {
    post({ end: true });
    done();
  },
});
const xlsx = new SheetStream(out, sheet, columns);

async function handle(m: ToSheetWorker): Promise<void> {
  if ('header' in m) {
    await xlsx.start(m.header);
    post({ ack: 0 });
  } else if ('rows' in m) {
    for (const cells of m.rows) {
      const wrote = xlsx.row(cells);
      if (wrote) await wrote;
    }
    post({ ack: m.n });
  } else await xlsx.finish();
}

let queue = Promise.resolve();
port.on('message', (m: ToSheetWorker) => {
  queue = queue.then(() => handle(m));
  // A failure ends the thread with its error, which the request's thread turns into a cut download.
  queue.catch((err) =>
    setImmediate(() => {
      throw err;
    }),
  );
});
