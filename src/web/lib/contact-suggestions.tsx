import { sendSuggestions, type ContactSuggestionPurpose } from '../../domain/contacts';
import { useContactOptions } from './contact-queries';

const HEADINGS: Record<ContactSuggestionPurpose, string> = {
  invoice: 'Billing contacts of the location',
  quote: 'Contacts of the location',
};

/**
 * Under a send dialog's e-mail field (decision 038): the location's contacts with the role the
 * e-mail is for (billing for an invoice; site contact, management or owner for a quote), each a
 * button that puts its address in the field. Nothing shows when the location has none. The dialog
 * keeps its own default address; this only suggests.
 */
export function ContactEmailSuggestions({
  locationId,
  purpose,
  current,
  onPick,
}: {
  locationId: string | null | undefined;
  purpose: ContactSuggestionPurpose;
  current: string;
  onPick: (email: string) => void;
}) {
  const options = useContactOptions(locationId);
  const suggestions = sendSuggestions(options.data?.items ?? [], purpose);
  if (suggestions.length === 0) return null;
  const heading = HEADINGS[purpose];
  return (
    <div role="group" aria-label={heading} data-testid="contact-email-suggestions">
      <p className="mb-1 text-xs font-medium text-slate-600">{heading}</p>
      <ul className="flex flex-wrap gap-2">
        {suggestions.map((c) => {
          const chosen = current.trim().toLowerCase() === c.email!.toLowerCase();
          return (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={chosen}
                onClick={() => onPick(c.email!)}
                className={`min-h-11 max-w-full rounded-full border px-3 py-1 text-left text-sm break-all focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${
                  chosen
                    ? 'border-blue-600 bg-blue-50 text-blue-800'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                <span className="block font-medium">{c.name}</span>
                <span className="block text-slate-600">{c.email}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
