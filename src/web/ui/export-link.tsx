import { Download } from 'lucide-react';
import { buttonClass } from './button';

/**
 * "Export to Spreadsheet": a plain same-origin link to an .xlsx endpoint with the current filters,
 * so the browser streams the download itself (no workbook held in the page's memory).
 */
export function ExportLink({ href, label = 'Export to Spreadsheet' }: { href: string; label?: string }) {
  return (
    <a href={href} download className={buttonClass('secondary')}>
      <Download className="h-4 w-4" aria-hidden /> {label}
    </a>
  );
}
