/**
 * Reading what reached the fake SMTP server (fake-smtp.ts) as a customer would: the message sent
 * to an address about a document, and its attached PDF's text (poppler's pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeSmtp, ReceivedMail } from './fake-smtp.js';

/** The message delivered to `to` whose subject names `subjectPart` (the outbox worker sends it soon after). */
export async function deliveredMail(
  smtp: FakeSmtp,
  to: string,
  subjectPart: string,
  timeoutMs = 30_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(to) && m.subject.includes(subjectPart));
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no message about ${subjectPart} to ${to} arrived at the fake SMTP server`);
    await smtp.waitFor(smtp.received.length + 1, 2_000).catch(() => undefined);
  }
}

/** The text of the message's attached PDF, laid out as on the page (pdftotext -layout). */
export function attachedPdfText(mail: ReceivedMail): string {
  const part = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(mail.raw);
  if (!part) throw new Error(`the message "${mail.subject}" has no PDF attachment`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'attached-pdf-')), 'attached.pdf');
  writeFileSync(file, Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
