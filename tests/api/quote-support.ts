/** Helpers of the quote API tests: multipart bodies, a template upload and an encrypted PDF. */
import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import { expect } from 'vitest';
import { buildSampleTemplatePdf } from '../../src/server/pdf/sample-template.js';
import type { ApiClient } from '../support/api.js';

/** A multipart/form-data body with text fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: { name: string; type?: string; bytes: Uint8Array }) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(file.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a sample PDF quote template of `templateType` as `client` (the first of a type becomes its default). */
export async function uploadQuoteTemplate(
  client: ApiClient,
  templateType: string,
  options: { name: string; title?: string; pages?: number },
) {
  const bytes = await buildSampleTemplatePdf({
    companyName: 'Summit Air Mechanical',
    title: options.title ?? options.name,
    pages: options.pages ?? 2,
  });
  const body = multipart(
    { name: options.name, templateType, preservedPages: '1' },
    { name: `${options.name}.pdf`, bytes },
  );
  const response = await client.call('POST', '/api/quote-templates/pdf', body.payload, { headers: body.headers });
  expect(response.statusCode, response.body).toBe(201);
}

/** A PDF whose trailer declares standard encryption (RC4, empty user password): pdf-lib refuses to open it. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  const encrypt = doc.context.obj({
    Filter: PDFName.of('Standard'),
    V: 1,
    R: 2,
    Length: 40,
    P: -44,
    O: PDFHexString.of('00'.repeat(32)),
    U: PDFHexString.of('00'.repeat(32)),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  return doc.save({ useObjectStreams: false });
}
