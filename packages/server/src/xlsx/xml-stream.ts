import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';

/** SAX callbacks of one part; `emit` hands an item to the reader as soon as it is complete. */
export interface XmlHandlers<T> {
  open(name: string, attrs: Record<string, string>, emit: (item: T) => void): void;
  text(text: string): void;
  close(name: string, emit: (item: T) => void): void;
}

/** Local name of a tag: producers may write `x:row` for `row`. */
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * Parses an XML part as its inflated chunks arrive and yields what the handlers emit
 * after each chunk: nothing but the current element's text and the items of one chunk
 * are held. Text reaches the handlers in pieces, so a limit on text length is checked
 * before a long text is held. A handler that throws stops the reading.
 */
export async function* parseXml<T>(chunks: AsyncIterable<Buffer>, h: XmlHandlers<T>): AsyncGenerator<T> {
  const ready: T[] = [];
  const emit = (item: T) => ready.push(item);
  const parser = new Parser(
    {
      onopentag: (name, attrs) => h.open(local(name), attrs, emit),
      ontext: (text) => h.text(text),
      onclosetag: (name) => h.close(local(name), emit),
    },
    { xmlMode: true, decodeEntities: true },
  );
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    parser.write(decoder.write(chunk));
    yield* ready.splice(0);
  }
  parser.end(decoder.end());
  yield* ready.splice(0);
}
