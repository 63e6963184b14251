import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineCommand } from './command.ts';
import { schemaState, siteName, withSite } from './site.ts';

/** The server package's version (packages/server/package.json). */
export function packageVersion(): string {
  const file = fileURLToPath(new URL('../../package.json', import.meta.url));
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

export const versionCommand = defineCommand({
  name: 'version',
  summary: 'print the version and the schema version of the configured database',
  usage: [],
  options: {},
  async run(_values, config, io) {
    io.out(`gatehouse ${packageVersion()}`);
    await withSite(config, {}, async ({ db }) => {
      const { applied, pending } = await schemaState(db);
      const last = applied.at(-1) ?? 'none';
      io.out(`schema ${last} (${applied.length} of ${applied.length + pending.length} migrations applied) in ${siteName(config)}`);
      if (pending.length) io.out(`${pending.length} migrations pending: run \`gatehouse migrate\``);
    });
  },
});
