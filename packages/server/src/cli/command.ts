import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config.ts';

/** What a command writes: lines to stdout, and (through a thrown CliError) one line to stderr. */
export interface Io {
  out(line: string): void;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** One command of `gatehouse <command>`: its line in `--help`, its options and its work. */
export interface Command<O extends Options = Options> {
  name: string;
  /** One line for the command list of `gatehouse --help`. */
  summary: string;
  /** The options' lines of `gatehouse <command> --help`, e.g. `--phone <number>  the administrator's phone`. */
  usage: string[];
  options: O;
  /** The name of the one argument without an option (`gatehouse restore <file>`), given to run as that value. */
  positional?: string;
  run(values: Record<string, string | boolean | undefined>, config: Config, io: Io): Promise<void>;
}

export const defineCommand = <O extends Options>(c: Command<O>): Command => c as unknown as Command;

/** A failure told as one line on stderr, exit status 1. */
export class CliError extends Error {}

/** A wrong command line (unknown command or option, missing value): one line on stderr, exit status 2. */
export class UsageError extends Error {}

/** The value of a required string option, or a usage error naming it. */
export function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}
