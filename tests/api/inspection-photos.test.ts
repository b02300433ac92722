import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { jobInspectionPhotos, storedFiles } from '../../src/server/db/schema.js';
import { createInspectionsRepo } from '../../src/server/modules/inspections/index.js';
import { detectImageType } from '../../src/server/modules/inspections/photo-images.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { inspectionFingerprint, loginTechnician, makeImage, MISSING_ID, multipartBody } from './inspection-helpers.js';

let ctx: TestContext;
let office: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  office = await signInAs(ctx, 'user', { unchanged: () => inspectionFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

const upload = (api: ApiClient, inspectionId: string, fileName: string, contentType: string, bytes: Buffer) => {
  const body = multipartBody(fileName, contentType, bytes);
  return api.call('POST', `/api/inspections/${inspectionId}/photos`, body.payload, { headers: body.headers });
};

/** An upload refused with this status and message that changed nothing. */
async function uploadRefused(
  api: ApiClient,
  inspectionId: string,
  fileName: string,
  contentType: string,
  bytes: Buffer,
  status: number,
  message: string,
) {
  const body = multipartBody(fileName, contentType, bytes);
  await api.refused('POST', `/api/inspections/${inspectionId}/photos`, body.payload, status, message, {
    headers: body.headers,
  });
}

async function newInspection(
  overrides: Parameters<TestContext['f']['inspection']>[1] = {},
  jobOverrides: Parameters<TestContext['f']['job']>[0] = {},
) {
  const job = await ctx.f.job(jobOverrides);
  return { job, inspection: await ctx.f.inspection(job.id, overrides) };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('uploading inspection photos', () => {
  it('stores a JPEG as uploaded, with a display size and a thumbnail, and streams each', async () => {
    const { inspection } = await newInspection();
    const jpeg = await makeImage('jpeg', 2400, 1800);
    const response = await upload(office, inspection.id, 'rooftop unit.jpg', 'image/jpeg', jpeg);
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json();
    expect(photo).toMatchObject({
      inspectionId: inspection.id,
      fileName: 'rooftop unit.jpg',
      contentType: 'image/jpeg',
      size: jpeg.byteLength,
      width: 2400,
      height: 1800,
      displayWidth: 1600,
      displayHeight: 1200,
      urls: {
        original: `/api/inspections/${inspection.id}/photos/${photo.id}?size=original`,
        display: `/api/inspections/${inspection.id}/photos/${photo.id}?size=display`,
        thumb: `/api/inspections/${inspection.id}/photos/${photo.id}?size=thumb`,
      },
    });

    const original = await office.call('GET', photo.urls.original);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(sha(original.rawPayload)).toBe(sha(jpeg));
    const display = await office.call('GET', photo.urls.display);
    expect(display.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    const thumb = await office.call('GET', `/api/inspections/${inspection.id}/photos/${photo.id}?size=thumb`);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    // The default size is the display one; an unchanged photo answers 304 to its ETag.
    const byDefault = await office.call('GET', `/api/inspections/${inspection.id}/photos/${photo.id}`);
    expect(sha(byDefault.rawPayload)).toBe(sha(display.rawPayload));
    const again = await office.call('GET', photo.urls.display, undefined, {
      headers: { 'if-none-match': display.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const list = await office.call('GET', `/api/inspections/${inspection.id}/photos`);
    expect(list.json()).toEqual({ items: [photo] });
    expect((await office.call('GET', `/api/inspections/${inspection.id}`)).json().photos).toEqual([photo]);
  });

  it('takes PNG and WebP, judged by content: a PNG named .jpg is stored as a PNG; a small photo is not enlarged', async () => {
    const { inspection } = await newInspection();
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const asPng = await upload(office, inspection.id, 'gauge.jpg', 'image/jpeg', png);
    expect(asPng.statusCode, asPng.body).toBe(201);
    expect(asPng.json()).toMatchObject({
      contentType: 'image/png',
      width: 300,
      height: 200,
      displayWidth: 300,
      displayHeight: 200,
    });
    const webp = await makeImage('webp', 800, 600);
    const asWebp = await upload(office, inspection.id, 'nameplate.webp', 'application/octet-stream', webp);
    expect(asWebp.statusCode, asWebp.body).toBe(201);
    expect(asWebp.json()).toMatchObject({ contentType: 'image/webp', width: 800, height: 600 });
    // The transparent PNG's display copy is a JPEG on white.
    const display = await office.call('GET', asPng.json().urls.display);
    const { data } = await sharp(display.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it('keeps a long file name (cut to its last 255 characters), and a path never reaches the name', async () => {
    const { inspection } = await newInspection();
    const small = await makeImage('jpeg', 64, 48);
    const long = `${'unit-nameplate-'.repeat(20)}.jpg`;
    const response = await upload(office, inspection.id, long, 'image/jpeg', small);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().fileName).toBe(long.slice(-255));
    const withPath = await upload(office, inspection.id, 'C:\\Users\\tech\\DCIM\\IMG_0042.JPG', 'image/jpeg', small);
    expect(withPath.json().fileName).toBe('IMG_0042.JPG');
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const { inspection } = await newInspection();
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#808080' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(office, inspection.id, 'sideways.jpg', 'image/jpeg', sideways);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 200, height: 400, displayWidth: 200, displayHeight: 400 });
  });

  it('refuses a file that is not an image, whatever its name says, and changes nothing', async () => {
    const { inspection } = await newInspection();
    const message = 'The file is not a JPEG, PNG or WebP image';
    await uploadRefused(
      office,
      inspection.id,
      'photo.jpg',
      'image/jpeg',
      Buffer.from('This is a text file renamed to .jpg\n'),
      415,
      message,
    );
    await uploadRefused(
      office,
      inspection.id,
      'report.png',
      'image/png',
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      415,
      message,
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    await uploadRefused(office, inspection.id, 'anim.gif', 'image/gif', gif, 415, message);
    // A PNG signature in front of a JPEG is neither.
    const jpeg = await makeImage('jpeg', 64, 48);
    await uploadRefused(
      office,
      inspection.id,
      'odd.png',
      'image/png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]),
      400,
      'The image could not be read: it may be damaged or incomplete. Choose another photo.',
    );
  });

  it('refuses an image that does not decode: garbage after the signature, or cut short', async () => {
    const { inspection } = await newInspection();
    const message = 'The image could not be read: it may be damaged or incomplete. Choose another photo.';
    await uploadRefused(
      office,
      inspection.id,
      'broken.jpg',
      'image/jpeg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      400,
      message,
    );
    const jpeg = await makeImage('jpeg', 1200, 900);
    await uploadRefused(
      office,
      inspection.id,
      'cut.jpg',
      'image/jpeg',
      jpeg.subarray(0, Math.floor(jpeg.byteLength / 2)),
      400,
      message,
    );
    const png = await makeImage('png', 600, 400);
    await uploadRefused(
      office,
      inspection.id,
      'cut.png',
      'image/png',
      png.subarray(0, Math.floor(png.byteLength / 2)),
      400,
      message,
    );
  });

  it('refuses a photo over 10 MB and an empty or missing file', async () => {
    const { inspection } = await newInspection();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await uploadRefused(
      office,
      inspection.id,
      'huge.jpg',
      'image/jpeg',
      big,
      413,
      'The photo is larger than 10 MB. Choose a smaller photo or lower the camera resolution.',
    );
    await uploadRefused(
      office,
      inspection.id,
      'empty.jpg',
      'image/jpeg',
      Buffer.alloc(0),
      400,
      'Choose a photo to upload (a JPEG, PNG or WebP image, at most 10 MB)',
    );

    const before = await inspectionFingerprint(ctx.database.db);
    const boundary = '----no-file';
    await office.refused(
      'POST',
      `/api/inspections/${inspection.id}/photos`,
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      400,
      'Choose a photo to upload (a JPEG, PNG or WebP image, at most 10 MB)',
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    );
    await office.refused(
      'POST',
      `/api/inspections/${inspection.id}/photos`,
      { file: 'x' },
      415,
      'Send the photo as a multipart/form-data upload in a field named "file"',
    );
    expect(await inspectionFingerprint(ctx.database.db)).toEqual(before);
  });

  it('takes at most 10 photos per inspection', async () => {
    const { inspection } = await newInspection();
    const small = await makeImage('jpeg', 64, 48);
    for (let i = 0; i < 10; i++)
      expect((await upload(office, inspection.id, `p${i}.jpg`, 'image/jpeg', small)).statusCode).toBe(201);
    await uploadRefused(
      office,
      inspection.id,
      'p11.jpg',
      'image/jpeg',
      small,
      409,
      'An inspection can have at most 10 photos. Delete one to add another.',
    );
  });

  it('answers a malformed or unknown inspection or photo id', async () => {
    const { inspection } = await newInspection();
    const small = await makeImage('jpeg', 64, 48);
    await uploadRefused(office, MISSING_ID, 'a.jpg', 'image/jpeg', small, 404, 'Inspection not found');
    await uploadRefused(office, 'nope', 'a.jpg', 'image/jpeg', small, 400, 'Invalid inspection ID format');
    expect((await office.call('GET', `/api/inspections/${MISSING_ID}/photos`)).json().error.message).toBe(
      'Inspection not found',
    );
    expect((await office.call('GET', `/api/inspections/${inspection.id}/photos/${MISSING_ID}`)).json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Photo not found',
    });
    expect((await office.call('GET', `/api/inspections/${inspection.id}/photos/1`)).json().error.message).toBe(
      'Invalid photo ID format',
    );
    const photo = (await upload(office, inspection.id, 'a.jpg', 'image/jpeg', small)).json();
    expect(
      (await office.call('GET', `/api/inspections/${inspection.id}/photos/${photo.id}?size=poster`)).json().error
        .message,
    ).toBe('Size must be original, display or thumb');
    // A photo is reached only through its own inspection.
    const other = await newInspection();
    expect((await office.call('GET', `/api/inspections/${other.inspection.id}/photos/${photo.id}`)).statusCode).toBe(
      404,
    );
    await office.refused(
      'DELETE',
      `/api/inspections/${other.inspection.id}/photos/${photo.id}`,
      undefined,
      404,
      'Photo not found',
    );
  });
});

describe('deleting photos', () => {
  const storedCount = async (keys: string[]) =>
    (await ctx.database.db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, keys)))
      .length;

  it('deletes a photo with its three stored files', async () => {
    const { inspection } = await newInspection();
    const photo = (await upload(office, inspection.id, 'a.jpg', 'image/jpeg', await makeImage('jpeg', 64, 48))).json();
    const [keys] = await createInspectionsRepo(ctx.database.db).photoStorageKeys(inspection.id);
    const all = [keys!.originalKey, keys!.displayKey, keys!.thumbKey];
    expect(await storedCount(all)).toBe(3);
    expect((await office.call('DELETE', `/api/inspections/${inspection.id}/photos/${photo.id}`)).statusCode).toBe(204);
    expect(await storedCount(all)).toBe(0);
    expect((await office.call('GET', photo.urls.display)).statusCode).toBe(404);
  });

  it('deleting the inspection, or its job, removes the photos and their files', async () => {
    const { job, inspection } = await newInspection();
    await upload(office, inspection.id, 'a.jpg', 'image/jpeg', await makeImage('jpeg', 64, 48));
    const second = await ctx.f.inspection(job.id);
    await upload(office, second.id, 'b.png', 'image/png', await makeImage('png', 64, 48));
    const repo = createInspectionsRepo(ctx.database.db);
    const keysOfJob = await repo.photoStorageKeysOfJob(job.id);
    expect(keysOfJob.map((k) => k.inspectionId).sort()).toEqual([inspection.id, second.id].sort());
    expect(keysOfJob.every((k) => k.displayContentType === 'image/jpeg')).toBe(true);
    const keysOf = (k: (typeof keysOfJob)[number]) => [k.originalKey, k.displayKey, k.thumbKey];

    expect((await office.call('DELETE', `/api/inspections/${inspection.id}`)).statusCode).toBe(204);
    expect(await storedCount(keysOfJob.filter((k) => k.inspectionId === inspection.id).flatMap(keysOf))).toBe(0);
    expect(await storedCount(keysOfJob.filter((k) => k.inspectionId === second.id).flatMap(keysOf))).toBe(3);
    // Deleting the job (the jobs module's cascade) takes the files too: the photo rows' trigger.
    await ctx.database.db.execute(sql`delete from jobs where id = ${job.id}`);
    expect(await storedCount(keysOfJob.flatMap(keysOf))).toBe(0);
    expect(
      await ctx.database.db.select().from(jobInspectionPhotos).where(eq(jobInspectionPhotos.inspectionId, second.id)),
    ).toEqual([]);
  });

  it('a technician adds photos on an assigned job only, and cannot delete one of a completed inspection', async () => {
    const tech = await loginTechnician(ctx);
    const techApi = office.as(tech.cookie);
    const small = await makeImage('jpeg', 64, 48);
    const unassigned = await newInspection();
    await uploadRefused(
      techApi,
      unassigned.inspection.id,
      'a.jpg',
      'image/jpeg',
      small,
      403,
      'You can change inspections and repairs only on jobs you are assigned to',
    );

    const { job, inspection } = await newInspection({}, { technicianIds: [tech.technicianId] });
    const mine = (await upload(techApi, inspection.id, 'a.jpg', 'image/jpeg', small)).json();
    const kept = (await upload(techApi, inspection.id, 'b.jpg', 'image/jpeg', small)).json();
    expect((await techApi.call('DELETE', `/api/inspections/${inspection.id}/photos/${mine.id}`)).statusCode).toBe(204);
    await techApi.call('POST', `/api/jobs/${job.id}/inspections/complete`);
    await techApi.refused(
      'DELETE',
      `/api/inspections/${inspection.id}/photos/${kept.id}`,
      undefined,
      403,
      'A photo of a completed inspection can be deleted only by office staff',
    );
    expect((await office.call('DELETE', `/api/inspections/${inspection.id}/photos/${kept.id}`)).statusCode).toBe(204);
  });
});

describe('image signatures', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xdb], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'image/webp'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')], null],
    [[0xff, 0xd8], null],
    [[...Buffer.from('GIF89a')], null],
  ])('%j is %s', (bytes, type) => {
    expect(detectImageType(Uint8Array.from(bytes))).toBe(type);
  });

  it('no stored photo file is left without its photo', async () => {
    const [orphans] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from ${storedFiles} where ${storedFiles.purpose} = 'inspection-photo' and not exists (
            select 1 from ${jobInspectionPhotos} where ${storedFiles.id} in (${jobInspectionPhotos.originalKey}, ${jobInspectionPhotos.displayKey}, ${jobInspectionPhotos.thumbKey}))`,
    );
    expect(Number(orphans!.n)).toBe(0);
  });
});
