/**
 * What the common USB / RS-232 desktop card readers send: the card number as ASCII (decimal or
 * hex digits) ended by CR and/or LF, or framed as STX (0x02) <ascii> ETX (0x03). Anything else
 * (empty lines, control bytes, text that is not a card number) is noise and is dropped.
 */

const STX = 0x02;
const ETX = 0x03;
const CR = 0x0d;
const LF = 0x0a;
/** A frame or line longer than this without an end byte is garbage (a reader at the wrong baud rate). */
const MAX_PENDING = 256;
/** A card number as readers print it: letters and digits only, at most 64 of them. */
const CARD_ID = /^[0-9A-Za-z]{1,64}$/;

export type ParseEvent = { kind: 'card'; cardId: string } | { kind: 'noise'; text: string };

/** Splits a byte stream into card ids; keeps partial input between chunks. */
export class CardIdParser {
  private pending: number[] = [];
  private framed = false;
  /** After an overflow: drop bytes up to the next end byte, so a garbage tail never looks like an id. */
  private skipping = false;

  /** Feeds bytes; answers what they completed, in order. */
  push(chunk: Uint8Array): ParseEvent[] {
    const out: ParseEvent[] = [];
    for (const b of chunk) {
      if (b === STX) {
        if (this.pending.length && !this.skipping) this.finish(out); // a line without end, then a frame
        this.pending = [];
        this.skipping = false;
        this.framed = true;
      } else if (b === ETX || b === CR || b === LF) {
        if (this.framed && b !== ETX) continue; // CR/LF inside a frame: part of the reader's padding
        if (this.skipping) {
          this.skipping = false;
          this.framed = false;
        } else this.finish(out);
      } else if (!this.skipping) {
        this.pending.push(b);
        if (this.pending.length > MAX_PENDING) {
          out.push({ kind: 'noise', text: `more than ${MAX_PENDING} bytes without an end` });
          this.pending = [];
          this.skipping = true;
        }
      }
    }
    return out;
  }

  private finish(out: ParseEvent[]) {
    const bytes = this.pending;
    this.pending = [];
    this.framed = false;
    const text = String.fromCharCode(...bytes.filter((b) => b >= 0x20 && b < 0x7f)).trim();
    if (!text) {
      if (bytes.length) out.push({ kind: 'noise', text: hex(bytes) });
      return;
    }
    if (CARD_ID.test(text)) out.push({ kind: 'card', cardId: text });
    else out.push({ kind: 'noise', text: text.length > 40 ? `${text.slice(0, 40)}…` : text });
  }
}

const hex = (bytes: number[]) =>
  bytes
    .slice(0, 16)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');
