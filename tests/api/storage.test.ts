import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, sha256Hex } from '../../src/server/storage/storage.js';
import { enqueueEmail } from '../../src/server/outbox/outbox.js';
import { outbox } from '../../src/server/db/schema.js';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../support/test-db.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('file storage in the database', () => {
  it('stores bytes and reads back the same bytes, with size and hash; remove deletes them', async () => {
    const storage = createFileStorage();
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    const info = await storage.put(database.db, {
      purpose: 'test',
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      bytes,
    });
    expect(info.size).toBe(300_000);
    expect(info.sha256).toBe(sha256Hex(bytes));
    const file = await storage.get(database.db, info.key);
    expect(Buffer.compare(file!.bytes, Buffer.from(bytes))).toBe(0);
    expect(await storage.info(database.db, info.key)).toMatchObject({ fileName: 'a.pdf', size: 300_000 });
    await storage.remove(database.db, info.key);
    expect(await storage.get(database.db, info.key)).toBeNull();
  });

  it('a file written in a transaction that rolls back is not stored', async () => {
    const storage = createFileStorage();
    let key = '';
    await expect(
      database.db.transaction(async (tx) => {
        key = (
          await storage.put(tx, {
            purpose: 'test',
            fileName: 'b.pdf',
            contentType: 'application/pdf',
            bytes: new Uint8Array([1, 2, 3]),
          })
        ).key;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await storage.get(database.db, key)).toBeNull();
  });
});

describe('outbox enqueue', () => {
  it('queues a pending message with its attachments', async () => {
    const { id } = await enqueueEmail(database.db, {
      to: 'customer@example.com',
      subject: 'Your quote',
      text: 'Hello',
      attachments: [
        { fileName: 'q.pdf', storageKey: '00000000-0000-4000-8000-000000000000', contentType: 'application/pdf' },
      ],
      related: { type: 'job_quote', id: '00000000-0000-4000-8000-000000000001' },
    });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({
      toAddress: 'customer@example.com',
      status: 'pending',
      attempts: 0,
      relatedType: 'job_quote',
    });
    expect(row!.attachments).toHaveLength(1);
  });
});
