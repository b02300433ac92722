import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { JOB_LIMITS } from '../../../../domain/jobs/constants';
import { cn } from '../../../ui/cn';
import { textInputClass } from '../../../ui/form-field';

/**
 * Adds what was typed (one tag, or several separated by commas) to `tags`, the way the server keeps
 * them: trimmed, inner spaces collapsed, one of each ignoring case (the first spelling wins), at
 * most 20 of at most 50 characters. Returns the new list, or the reason nothing was added.
 */
export function addTags(tags: readonly string[], typed: string): { tags: string[]; error: string | null } {
  const next = [...tags];
  for (const raw of typed.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) continue;
    if (tag.length > JOB_LIMITS.tagLength)
      return { tags: [...tags], error: `A tag must be at most ${JOB_LIMITS.tagLength} characters` };
    if (next.some((t) => t.toLowerCase() === tag.toLowerCase())) continue;
    if (next.length >= JOB_LIMITS.maxTags) return { tags: [...tags], error: `At most ${JOB_LIMITS.maxTags} tags` };
    next.push(tag);
  }
  return { tags: next, error: null };
}

/**
 * A job's tags (the dispatch board's Tags filter): type a tag and press Enter or a comma to add it;
 * each tag has a remove button; Backspace in the empty box removes the last. What is still typed
 * when the box loses focus is added too, so Save does not lose it.
 */
export function TagsInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  onError,
}: {
  id: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** the reason a typed tag was not added (null when it was) */
  onError?: (message: string | null) => void;
}) {
  const [text, setText] = useState('');
  const commit = (typed: string) => {
    const result = addTags(value, typed);
    onError?.(result.error);
    if (result.error) return false;
    if (result.tags.length !== value.length) onChange(result.tags);
    setText('');
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      // Enter adds the tag instead of submitting the form; with nothing typed it does nothing.
      e.preventDefault();
      commit(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="space-y-2">
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm text-slate-800"
            >
              {tag}
              <button
                type="button"
                className="rounded-full p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus:ring-2 focus:ring-blue-500 focus:outline-none"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        type="text"
        value={text}
        autoComplete="off"
        placeholder={value.length ? 'Add another tag' : 'e.g. Rooftop, VIP'}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={cn(textInputClass(invalid))}
        onChange={(e) => {
          // A pasted "a, b, c" becomes three tags at once.
          const typed = e.target.value;
          if (!typed.includes(',')) setText(typed);
          else if (!commit(typed)) setText(typed.replace(/,\s*$/, ''));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim()) commit(text);
        }}
      />
    </div>
  );
}

export const TAGS_HINT = 'Press Enter or a comma to add a tag. The dispatch board filters jobs by their tags.';
