import type { Tag } from '../../../../domain/tags';

/** The tags of a company as chips (the company card and the detail page). */
export function TagList({ tags, label }: { tags: readonly Tag[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {tags.map((t) => (
        <li key={t.id} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800">
          {t.name}
        </li>
      ))}
    </ul>
  );
}
