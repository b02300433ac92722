/**
 * File storage for every app server sharing one PostgreSQL: the bytes live in `stored_files`, so a
 * file written through one server is readable through any other, and a transaction that writes a
 * file and the row pointing at it commits or rolls back both.
 *
 * Keys are the row ids (uuid v4). Files are small (templates are capped at 10 MB; quotes and
 * invoices are generated PDFs), so a file is read whole.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { storedFiles } from '../db/schema.js';

export interface StoredFileInput {
  purpose: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  createdBy?: string | null;
}

export interface StoredFileInfo {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface StoredFile extends StoredFileInfo {
  bytes: Buffer;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The driver hands bytea back as a Buffer (pg) or a Uint8Array (PGlite). */
const toBuffer = (value: Uint8Array): Buffer =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);

const toStoredFile = (row: typeof storedFiles.$inferSelect): StoredFile => ({
  key: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  sha256: row.sha256,
  bytes: toBuffer(row.bytes),
});

export interface FileStorage {
  put(exec: Executor, file: StoredFileInput): Promise<StoredFileInfo>;
  get(exec: Executor, key: string): Promise<StoredFile | null>;
  /** Several files in one statement, by key (a missing key is not in the map). */
  getMany(exec: Executor, keys: readonly string[]): Promise<Map<string, StoredFile>>;
  info(exec: Executor, key: string): Promise<StoredFileInfo | null>;
  remove(exec: Executor, key: string): Promise<void>;
}

export function createFileStorage(): FileStorage {
  return {
    async put(exec, file) {
      const sha256 = sha256Hex(file.bytes);
      const [row] = await exec
        .insert(storedFiles)
        .values({
          purpose: file.purpose,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.bytes.byteLength,
          sha256,
          bytes: file.bytes,
          createdBy: file.createdBy ?? null,
        })
        .returning({ id: storedFiles.id });
      return {
        key: row!.id,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.bytes.byteLength,
        sha256,
      };
    },
    async get(exec, key) {
      const [row] = await exec.select().from(storedFiles).where(eq(storedFiles.id, key));
      return row ? toStoredFile(row) : null;
    },
    async getMany(exec, keys) {
      if (keys.length === 0) return new Map();
      const rows = await exec
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.id, [...keys]));
      return new Map(rows.map((row) => [row.id, toStoredFile(row)]));
    },
    async info(exec, key) {
      const [row] = await exec
        .select({
          key: storedFiles.id,
          fileName: storedFiles.fileName,
          contentType: storedFiles.contentType,
          size: storedFiles.size,
          sha256: storedFiles.sha256,
        })
        .from(storedFiles)
        .where(eq(storedFiles.id, key));
      return row ?? null;
    },
    async remove(exec, key) {
      await exec.delete(storedFiles).where(eq(storedFiles.id, key));
    },
  };
}
