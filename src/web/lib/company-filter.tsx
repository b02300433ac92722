import { useState } from 'react';
// customer-lists.ts, not companies.ts (which builds schemas): no zod on first paint (decision 057).
import { NAME_SUGGESTION_MIN_CHARS } from '../../domain/customer-lists';
import { useCompanyName, useCompanySuggestions } from './customer-queries';
import { useDebounced } from './use-debounced';
import { FormField } from '../ui/form-field';
import { SearchPicker, type PickerOption } from '../ui/search-picker';

/** A list's company filter (agreements, their reports, contacts): picked by name, kept in the URL as its id. */
export function CompanyFilter({
  companyId,
  onChange,
}: {
  companyId: string | undefined;
  onChange: (id?: string) => void;
}) {
  const [text, setText] = useState('');
  const name = useCompanyName(companyId);
  const selected: PickerOption | null = companyId ? { id: companyId, label: name.data ?? 'Selected company' } : null;
  const searchText = useDebounced(text.trim(), 200);
  const suggestions = useCompanySuggestions(searchText, !companyId && searchText.length >= NAME_SUGGESTION_MIN_CHARS);
  const options: PickerOption[] = (suggestions.data?.items ?? []).map((c) => ({ id: c.id, label: c.name }));
  return (
    <FormField label="Company">
      {(field) => (
        <SearchPicker
          id={field.id}
          describedBy={field['aria-describedby']}
          label="Company"
          selected={selected}
          onSelect={(option) => {
            setText('');
            onChange(option?.id);
          }}
          text={text}
          onTextChange={setText}
          options={options}
          loading={suggestions.isFetching}
          placeholder="Any company"
          emptyText="No companies match"
        />
      )}
    </FormField>
  );
}
