import zlib from 'node:zlib';

/**
 * Real image files for upload tests, made here so tests need no image library:
 * a baseline (sequential, Huffman) grayscale JPEG of one shade that any decoder
 * shows, optionally padded with comment segments to a given size, and a PNG.
 */

class BitWriter {
  private bytes: number[] = [];
  private cur = 0;
  private n = 0;
  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.cur = (this.cur << 1) | ((value >> i) & 1);
      this.n++;
      if (this.n === 8) this.flush();
    }
  }
  private flush() {
    this.bytes.push(this.cur);
    if (this.cur === 0xff) this.bytes.push(0x00); // byte stuffing
    this.cur = 0;
    this.n = 0;
  }
  done(): number[] {
    while (this.n !== 0) this.write(1, 1); // pad with 1-bits
    return this.bytes;
  }
}

const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];

/** A width x height (multiples of 8) grayscale JPEG of one shade (0-255), at least padTo bytes long. */
export function makeJpeg(opts: { width?: number; height?: number; shade?: number; padTo?: number } = {}): Buffer {
  const w = opts.width ?? 16;
  const h = opts.height ?? 16;
  const dc = 8 * ((opts.shade ?? 128) - 128); // DC coefficient of a flat block with quantizer 1
  const cat = dc === 0 ? 0 : Math.floor(Math.log2(Math.abs(dc))) + 1;
  const head = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, h >> 8, h & 0xff, w >> 8, w & 0xff, 1, 1, 0x11, 0]),
    // DC table 0: two 2-bit codes, 00 -> category 0, 01 -> category of the first block.
    ...segment(0xc4, [0x00, 0, 2, ...new Array<number>(14).fill(0), 0, cat === 0 ? 1 : cat]),
    // AC table 0: one 2-bit code, 00 -> end of block.
    ...segment(0xc4, [0x10, 0, 1, ...new Array<number>(14).fill(0), 0x00]),
  ];
  const bits = new BitWriter();
  for (let b = 0; b < (w / 8) * (h / 8); b++) {
    if (b === 0 && cat > 0) {
      bits.write(0b01, 2);
      bits.write(dc > 0 ? dc : dc - 1 + (1 << cat), cat);
    } else {
      bits.write(0b00, 2);
    }
    bits.write(0b00, 2); // EOB
  }
  const scan = [...segment(0xda, [1, 1, 0x00, 0, 63, 0]), ...bits.done(), 0xff, 0xd9];
  // Comment segments (at most 65533 bytes of text each) bring the file to the wanted size.
  const pad: Buffer[] = [];
  let missing = (opts.padTo ?? 0) - head.length - scan.length;
  while (missing > 0) {
    const text = Math.max(1, Math.min(65533, missing - 4));
    pad.push(Buffer.from(segment(0xfe, new Array<number>(text).fill(0x20))));
    missing -= text + 4;
  }
  return Buffer.concat([Buffer.from(head), ...pad, Buffer.from(scan)]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A width x height grayscale PNG of one shade. */
export function makePng(opts: { width?: number; height?: number; shade?: number } = {}): Buffer {
  const w = opts.width ?? 16;
  const h = opts.height ?? 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((w + 1) * h, opts.shade ?? 128);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
