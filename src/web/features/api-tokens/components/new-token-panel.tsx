import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { API_TOKEN_TEXTS } from '../api-tokens-texts';

/**
 * The token just created, shown this once: a read-only field (selectable by hand) and a Copy
 * button. Focus moves here when it appears, so a keyboard or screen-reader user lands on it.
 */
export function NewTokenPanel({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [token]);

  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section
      aria-labelledby="new-api-token-title"
      className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-950 shadow-sm"
    >
      <h2
        id="new-api-token-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold focus:outline-none"
      >
        <KeyRound className="h-4 w-4" aria-hidden />
        {API_TOKEN_TEXTS.newTokenTitle}: {name}
      </h2>
      <p className="mt-1">{API_TOKEN_TEXTS.newTokenNote}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="new-api-token" className="sr-only">
          {API_TOKEN_TEXTS.newTokenLabel}
        </label>
        <input
          id="new-api-token"
          readOnly
          value={token}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-green-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
        />
        <Button variant="secondary" onClick={copyToken}>
          {copy === 'copied' ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copy === 'copied' ? API_TOKEN_TEXTS.copied : API_TOKEN_TEXTS.copy}
        </Button>
        <Button onClick={onDone}>{API_TOKEN_TEXTS.done}</Button>
      </div>
      <p className="mt-2 text-xs text-green-900">{API_TOKEN_TEXTS.usage}</p>
      <p role="status" className="mt-1 text-xs">
        {copy === 'copied' ? API_TOKEN_TEXTS.copied : copy === 'failed' ? API_TOKEN_TEXTS.copyFailed : ''}
      </p>
    </section>
  );
}
