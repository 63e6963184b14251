import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { backupCommand } from './backup.ts';
import { CliError, type Command, type Io, UsageError } from './command.ts';
import { createAdminCommand } from './create-admin.ts';
import { migrateCommand } from './migrate.ts';
import { moveToPostgresCommand } from './move-to-postgres.ts';
import { resetAdminCommand } from './reset-admin.ts';
import { restoreCommand } from './restore.ts';
import { resealPhotosCommand } from './reseal-photos.ts';
import { versionCommand } from './version.ts';

/** The operator's commands, in the order `gatehouse --help` lists them. */
export const COMMANDS: Command[] = [
  migrateCommand,
  versionCommand,
  createAdminCommand,
  resetAdminCommand,
  moveToPostgresCommand,
  backupCommand,
  restoreCommand,
  resealPhotosCommand,
];

const SETTINGS =
  'Settings come from the environment, as for the server: DATA_DIR (the embedded database and stored files), DATABASE_URL (PostgreSQL).';

function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'Usage: gatehouse <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    SETTINGS,
    "gatehouse <command> --help tells a command's options.",
  ].join('\n');
}

function commandHelp(c: Command): string {
  const opts =
    Object.keys(c.options)
      .map((o) => ` --${o} <…>`)
      .join('') + (c.positional ? ` <${c.positional}>` : '');
  return [
    `Usage: gatehouse ${c.name}${opts}`,
    '',
    c.summary,
    ...(c.usage.length ? ['', 'Options:', ...c.usage.map((u) => `  ${u}`)] : []),
    '',
    SETTINGS,
  ].join('\n');
}

/**
 * Runs one command line (the arguments after `gatehouse`) and answers the exit status: 0 done,
 * 1 failed (one line on stderr), 2 a wrong command line (one line on stderr).
 */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io & { err(line: string): void } = stdio,
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`Unknown command ${JSON.stringify(name)}: gatehouse --help lists the commands`);
    let values: Record<string, string | boolean | undefined>;
    try {
      const parsed = parseArgs({
        args: rest,
        options: { ...command.options, help: { type: 'boolean', short: 'h' } },
        strict: true,
        allowPositionals: !!command.positional,
      });
      values = parsed.values;
      if (command.positional) {
        if (parsed.positionals.length > 1) throw new Error(`one <${command.positional}> only`);
        values[command.positional] = parsed.positionals[0];
      }
    } catch (e) {
      throw new UsageError(`${e instanceof Error ? e.message.split('\n')[0] : String(e)} (gatehouse ${name} --help)`);
    }
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    await command.run(values, loadConfig(env), io);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`gatehouse${command ? ` ${name}` : ''}: ${e.message}`);
      return 2;
    }
    const known = e instanceof CliError || e instanceof ConfigError;
    io.err(`gatehouse ${name}: ${known ? e.message : `failed: ${e instanceof Error ? e.message : String(e)}`}`.split('\n')[0] as string);
    return 1;
  }
}

const stdio = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};
