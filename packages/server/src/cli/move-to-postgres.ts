import { sql } from 'kysely';
import { migrate } from '../db/index.ts';
import { CliError, defineCommand, required, UsageError } from './command.ts';
import { copyEventMonths, copyTable, countRows, firstFilledTable, ourTables, referencedFirst, setSequences } from './copy-tables.ts';
import { openPostgres, openSite, requireCurrentSchema, shownUrl, siteName } from './site.ts';

/**
 * Embedded → PostgreSQL: a stopped embedded site copied into an empty PostgreSQL database. The
 * target's schema comes from the migrations; the rows are read from one read-only snapshot of the
 * embedded database and written in one transaction, which is rolled back unless every table's count
 * matches; the sequences follow. The embedded database is only read.
 */
export const moveToPostgresCommand = defineCommand({
  name: 'move-to-postgres',
  summary: 'copy the stopped embedded database (DATA_DIR) into an empty PostgreSQL database',
  usage: ['--to <url>  the empty PostgreSQL database, postgres://user:password@host:5432/name'],
  options: { to: { type: 'string' } },
  async run(values, config, io) {
    const to = required(values, 'to');
    if (!/^postgres(ql)?:\/\//.test(to)) throw new UsageError('--to must be a postgres:// URL');
    if (config.DATABASE_URL)
      throw new CliError('DATABASE_URL is set: move-to-postgres copies the embedded database of DATA_DIR, unset DATABASE_URL');
    const source = await openSite(config);
    try {
      await requireCurrentSchema(source.db, siteName(config));
      const target = await openPostgres(to);
      try {
        const filled = await firstFilledTable(target.db);
        if (filled) throw new CliError(`The target database is not empty (table ${filled} has rows): give an empty database`);
        const ran = await migrate(target.db);
        io.out(`Target schema: ${ran.length} migrations applied to ${shownUrl(to)}`);
        await copyEventMonths(source.db, target.db);
        const tables = await ourTables(source.db);
        const targetColumns = new Map((await ourTables(target.db)).map((t) => [t.name, t.columns.join(',')]));
        for (const t of tables) {
          if (targetColumns.get(t.name) !== t.columns.join(','))
            throw new CliError(`The table ${t.name} differs between the two databases`);
        }
        const ordered = await referencedFirst(target.db, tables);
        const width = Math.max(...tables.map((t) => t.name.length)) + 2;
        let total = 0;
        await source.db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (src) => {
            await sql`set transaction read only`.execute(src);
            await target.db.transaction().execute(async (dst) => {
              await sql`truncate ${sql.join(tables.map((t) => sql.table(t.name)))}`.execute(dst);
              const wrong: string[] = [];
              for (const [i, t] of ordered.entries()) {
                const copied = await copyTable(src, dst, t, `gh_copy_${i}`);
                const [had, has] = [await countRows(src, t.name), await countRows(dst, t.name)];
                const same = had === copied && has === had;
                if (!same) wrong.push(t.name);
                total += has;
                io.out(`  ${t.name.padEnd(width)}${String(had).padStart(10)} → ${String(has).padStart(10)}${same ? '' : '  MISMATCH'}`);
              }
              if (wrong.length) throw new CliError(`Row counts differ for ${wrong.join(', ')}: nothing was written to the target`);
              const sequences = await setSequences(src, dst);
              io.out(`${sequences} sequences set`);
            });
          });
        io.out(`Copied ${tables.length} tables, ${total} rows, from ${siteName(config)}; every count matches.`);
        io.out('The embedded database is left as it was.');
        io.out(`Stored files (photos, attachments, keys) stay in DATA_DIR: start the server with both settings,`);
        io.out(`  DATABASE_URL=${shownUrl(to)} DATA_DIR=${config.dataDir} npm start`);
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  },
});
