import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/index.ts';
import { writeBackup } from './backup.ts';
import type { Io } from './command.ts';
import { CONTROL_FILE, type ControlInfo } from './control-client.ts';

/**
 * The running embedded server's control door (docs/operations.md, "Backup of a running embedded
 * site"): PGlite's files can be opened by one process only, so `gatehouse backup` asks the server
 * that has them open to write the backup. The server listens on 127.0.0.1 on a port of its own and
 * writes `DATA_DIR/control.json` (its pid, the port and a random token; readable by its owner only,
 * removed when it stops). `POST /backup` with `Authorization: Bearer <token>` and `{"out": FILE}`
 * answers the backup's progress lines as they come, then `done` or `error <reason>`.
 */

/** Starts the control door of an embedded server (nothing on PostgreSQL: any process can back it up). */
export async function startControl(
  handle: DbHandle,
  config: Pick<Config, 'dataDir' | 'backupDir'>,
  log: FastifyBaseLogger,
): Promise<{ stop(): Promise<void> }> {
  if (handle.kind !== 'pglite') return { stop: async () => {} };
  const token = randomBytes(32).toString('hex');
  const want = Buffer.from(`Bearer ${token}`);
  let busy = false;
  const server = http.createServer((req, res) => {
    const said = Buffer.from(req.headers.authorization ?? '');
    if (said.length !== want.length || !timingSafeEqual(said, want)) {
      res.writeHead(401).end('error not allowed\n');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end('error no such call\n');
      return;
    }
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      let out: string;
      try {
        out = String((JSON.parse(Buffer.concat(body).toString('utf8')) as { out?: unknown }).out ?? '');
      } catch {
        res.writeHead(400).end('error not JSON\n');
        return;
      }
      if (!path.isAbsolute(out)) return void res.writeHead(400).end('error out must be an absolute path\n');
      if (fs.existsSync(out)) return void res.writeHead(400).end(`error ${out} exists: give a new file name\n`);
      if (!fs.existsSync(path.dirname(out))) return void res.writeHead(400).end(`error No folder ${path.dirname(out)}\n`);
      if (busy) return void res.writeHead(409).end('error a backup is being written: try again when it is done\n');
      busy = true;
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      const io: Io = { out: (line) => void res.write(`${line}\n`) };
      writeBackup(handle, config.dataDir, out, io, [config.backupDir])
        .then(() => {
          log.info({ file: out, bytes: fs.statSync(out).size }, 'backup written (gatehouse backup)');
          res.end('done\n');
        })
        .catch((e: unknown) => {
          log.error({ err: e }, 'backup failed (gatehouse backup)');
          res.end(`error ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
        })
        .finally(() => {
          busy = false;
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const file = path.join(config.dataDir, CONTROL_FILE);
  const info: ControlInfo = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  const temp = `${file}.${process.pid}`;
  fs.writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(temp, file);
  return {
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      try {
        if ((JSON.parse(fs.readFileSync(file, 'utf8')) as ControlInfo).token === token) fs.rmSync(file, { force: true });
      } catch {
        // gone already
      }
    },
  };
}
