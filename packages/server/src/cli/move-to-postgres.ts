import { sql } from 'kysely';
import { migrate } from '../db/index.ts';
import { CliError, defineCommand, required, UsageError } from './command.ts';
import { ident, inLoad, inSnapshot } from './copy-rows.ts';
import {
  copyEventMonths,
  countRows,
  dropIndexes,
  firstFilledTable,
  makeIndexes,
  ourTables,
  referencedFirst,
  setSequences,
} from './copy-tables.ts';
import { openPostgres, openSite, requireCurrentSchema, shownUrl, siteName } from './site.ts';

/** COPY text handed to the target's stream at a time. */
const SLICE_BYTES = 1 << 20;

/**
 * Embedded → PostgreSQL: a stopped embedded site copied into an empty PostgreSQL database. The
 * target's schema comes from the migrations; the rows are read by COPY from one read-only snapshot of
 * the embedded database and written by COPY in one transaction (cli/copy-rows.ts, as backup and
 * restore do), which is rolled back unless every table's count matches; the sequences follow. The
 * embedded database is only read.
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
        await inSnapshot(source, (snap) =>
          inLoad(target, async (load) => {
            await sql`truncate ${sql.join(tables.map((t) => sql.table(t.name)))}`.execute(load.db);
            const indexes = await dropIndexes(
              load.db,
              tables.map((t) => t.name),
            );
            const wrong: string[] = [];
            for (const t of ordered) {
              load.begin(t.name, t.columns);
              for await (const chunk of snap.copyOut(`select ${t.columns.map(ident).join(', ')} from ${ident(t.name)}`)) {
                // PGlite gives a whole table at once: handed on in slices (the COPY stream needs no whole rows).
                for (let at = 0; at < chunk.length; at += SLICE_BYTES) await load.write(chunk.subarray(at, at + SLICE_BYTES));
              }
              const copied = await load.end();
              const [had, has] = [await countRows(snap.db, t.name), await countRows(load.db, t.name)];
              const same = had === copied && has === had;
              if (!same) wrong.push(t.name);
              total += has;
              io.out(`  ${t.name.padEnd(width)}${String(had).padStart(10)} → ${String(has).padStart(10)}${same ? '' : '  MISMATCH'}`);
            }
            if (wrong.length) throw new CliError(`Row counts differ for ${wrong.join(', ')}: nothing was written to the target`);
            io.out(`Building ${indexes.length} indexes`);
            await makeIndexes(load.db, indexes);
            const sequences = await setSequences(snap.db, load.db);
            io.out(`${sequences} sequences set`);
          }),
        );
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
