/**
 * The part of archiver 5 (zip writing, streamed) the full data export uses; the package ships no
 * types of its own and @types/archiver would be one more dependency for four methods.
 */
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  namespace archiver {
    interface EntryData {
      name: string;
      date?: Date;
    }
    interface Archiver extends Transform {
      /** Queues an entry; entries are written one after another, in order. Emits 'entry' when written. */
      append(source: NodeJS.ReadableStream | Buffer | string, data: EntryData): this;
      /** No more entries: writes the central directory and ends the stream. */
      finalize(): Promise<void>;
      abort(): this;
      /** Bytes written so far. */
      pointer(): number;
    }
  }

  function archiver(
    format: 'zip',
    options?: { zlib?: { level?: number }; forceZip64?: boolean; store?: boolean },
  ): archiver.Archiver;
  export = archiver;
}
