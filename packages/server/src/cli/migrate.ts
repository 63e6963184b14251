import { migrate } from '../db/index.ts';
import { syncMenus } from '../db/seed.ts';
import { defineCommand } from './command.ts';
import { siteName, withSite } from './site.ts';

/** What the server does at start before it serves: the pending migrations, then the menu table. */
export const migrateCommand = defineCommand({
  name: 'migrate',
  summary: 'run the pending database migrations (creates the embedded database if there is none)',
  usage: [],
  options: {},
  async run(_values, config, io) {
    await withSite(config, { create: true }, async ({ db }) => {
      const ran = await migrate(db);
      await syncMenus(db);
      for (const name of ran) io.out(`applied ${name}`);
      io.out(ran.length ? `${ran.length} migrations applied to ${siteName(config)}` : `${siteName(config)} is up to date`);
    });
  },
});
