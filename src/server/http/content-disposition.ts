/**
 * The Content-Disposition of every download (PDFs, photos, exports, outbox attachments): the
 * file name in plain ASCII (anything outside printable ASCII, and quotes and backslashes, become
 * `_`), and, only when that changed the name, the exact name again as RFC 5987 UTF-8
 * (`filename*`), which browsers prefer. Our own names (exports, invoice PDFs) are plain ASCII and
 * go out as `attachment; filename="companies-2026-11-22.xlsx"`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const plain = `${kind}; filename="${ascii}"`;
  return ascii === fileName ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
