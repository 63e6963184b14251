import fs from 'node:fs';
import path from 'node:path';
import { CliError, type Io } from './command.ts';

/** The file in DATA_DIR by which a running embedded server is reached (cli/control.ts). */
export const CONTROL_FILE = 'control.json';

/** What that file holds. */
export interface ControlInfo {
  pid: number;
  port: number;
  token: string;
}

/** The control door of the server running on DATA_DIR, if one runs (its file is there and its process lives). */
export function runningServer(dataDir: string): ControlInfo | null {
  let info: ControlInfo;
  try {
    info = JSON.parse(fs.readFileSync(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlInfo;
  } catch {
    return null;
  }
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return null;
  }
  return info;
}

/** Asks the running server to write the backup to `out`, printing its progress lines as they come. */
export async function backupThroughServer(info: ControlInfo, out: string, io: Io): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${info.port}/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ out }),
  }).catch((e: unknown) => {
    throw new CliError(
      `The running server (pid ${info.pid}) does not answer on its control port: ${e instanceof Error ? e.message : String(e)}`,
    );
  });
  if (!res.body) throw new CliError('The running server gave no answer');
  const decoder = new TextDecoder();
  let pending = '';
  let last = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line === 'done' || line.startsWith('error ')) last = line;
      else io.out(line);
    }
  }
  if (last !== 'done')
    throw new CliError(last ? `The running server could not write the backup: ${last.slice(6)}` : 'The running server stopped answering');
}
