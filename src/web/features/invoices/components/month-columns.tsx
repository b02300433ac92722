import { formatCents, formatCount } from '../../../lib/format';
import { monthLabel } from '../invoice-texts';

/**
 * The Monthly Breakdown as an SVG column chart (oldest month on the left), with its text
 * alternative: the chart is one image with a summary, and the same figures follow as a list.
 */
export function MonthColumns({
  months,
  label,
}: {
  months: readonly { month: string; amountCents: number; count: number }[];
  label: string;
}) {
  const ordered = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const max = Math.max(1, ...ordered.map((m) => m.amountCents));
  const width = 600;
  const height = 160;
  const slot = width / Math.max(1, ordered.length);
  const barWidth = Math.min(48, slot * 0.6);
  const summary = `${label}: ${ordered.map((m) => `${monthLabel(m.month)} ${formatCents(m.amountCents)}`).join(', ')}`;
  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        role="img"
        aria-label={summary}
        className="h-48 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#94a3b8" strokeWidth="1" />
        {ordered.map((m, index) => {
          const h = Math.max(2, (m.amountCents / max) * (height - 8));
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={m.month}>
              <rect x={x} y={height - h} width={barWidth} height={h} rx="3" fill="#2563eb" />
              <text x={x + barWidth / 2} y={height + 16} textAnchor="middle" fontSize="11" fill="#334155">
                {monthLabel(m.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
      <ul className="divide-y divide-slate-100 text-sm" aria-label={`${label} figures`}>
        {months.map((m) => (
          <li key={m.month} className="flex justify-between gap-3 py-1.5">
            <span className="text-slate-800">{monthLabel(m.month)}</span>
            <span className="text-slate-700 tabular-nums">
              {formatCents(m.amountCents)} <span className="text-slate-600">({formatCount(m.count)})</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
