import yauzl from 'yauzl';

/** Every entry of a zip, by name. */
export async function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, ko) => yauzl.fromBuffer(buf, { lazyEntries: true }, (e, z) => (e ? ko(e) : ok(z))));
  const out = new Map<string, Buffer>();
  await new Promise<void>((ok, ko) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (e, s) => {
        if (e) return ko(e);
        const parts: Buffer[] = [];
        s.on('data', (d: Buffer) => parts.push(d));
        s.on('end', () => {
          out.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
    });
    zip.on('end', ok);
    zip.on('error', ko);
    zip.readEntry();
  });
  return out;
}

/** A CSV's data rows (header and byte order mark left out), each split on commas (the test values hold none). */
export const csvRows = (b: Buffer | undefined) =>
  (b ?? Buffer.alloc(0))
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((l) => l.split(','));
