/** Shared by the inspection, repair and photo API tests. */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../src/server/db/client.js';
import { inspectionFingerprint } from '../support/db-fingerprint.js';
import { TEST_PASSWORD, type TestContext } from '../support/test-app.js';

export { inspectionFingerprint };

export const MISSING_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

let technicians = 0;
/** A technician (user and technician record) signed in; their id is the one job_technicians holds. */
export async function loginTechnician(ctx: TestContext): Promise<{ cookie: string; technicianId: string }> {
  const n = ++technicians;
  const { technician } = await ctx.f.technician({
    user: {
      username: `tech-${n}-${Date.now()}`,
      email: `tech-${n}-${Date.now()}@example.com`,
      password: TEST_PASSWORD,
    },
  });
  const [user] = await queryRows<{ username: string }>(
    ctx.database.db,
    sql`select username from users where id = ${technician.id}`,
  );
  return { cookie: await ctx.login(user!.username), technicianId: technician.id };
}

/** A real image of the given format and size, made with sharp. */
export async function makeImage(format: 'jpeg' | 'png' | 'webp', width = 2400, height = 1800): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return format === 'jpeg'
    ? image.jpeg({ quality: 80 }).toBuffer()
    : format === 'png'
      ? image.png().toBuffer()
      : image.webp().toBuffer();
}

/** A multipart/form-data body with one file in the field "file". */
export function multipartBody(fileName: string, contentType: string, bytes: Buffer, field = 'file') {
  const boundary = `----inspection-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
