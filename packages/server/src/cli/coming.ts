import { CliError, defineCommand } from './command.ts';

/** A command the tool will have (issue 34), listed so operators find it; it answers that it is not there yet. */
const coming = (name: string, summary: string) =>
  defineCommand({
    name,
    summary: `${summary} (coming: not available yet)`,
    usage: [],
    options: {},
    async run() {
      throw new CliError('not available yet in this version');
    },
  });

export const backupCommand = coming('backup', 'write a backup of the database and the stored files');
export const restoreCommand = coming('restore', 'restore a backup into an empty site');
