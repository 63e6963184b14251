import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/gatehouse.mjs', import.meta.url));

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `gatehouse <args>` as the operator does, in a child process whose environment holds only
 * the settings given (no DATABASE_URL of the test run leaks in); for the command-line tool's tests.
 */
export function gatehouse(args: string[], settings: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...settings }, timeout: 300_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
        resolve({ status: code, stdout, stderr });
      },
    );
  });
}

/** The lines of a text, without the empty last one. */
export const linesOf = (text: string): string[] => text.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
