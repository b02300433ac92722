/**
 * Whole numbers as people read them: 1234567 -> "1,234,567". Written out rather than through
 * Intl.NumberFormat, whose first use loads the locale's number data (~25 ms of a phone's main
 * thread in the middle of drawing the first list) and whose `toLocaleString` form builds a new
 * formatter on every call. Anything but a safe integer (a fraction, NaN) goes to Intl, which
 * formats it as en-US does.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
