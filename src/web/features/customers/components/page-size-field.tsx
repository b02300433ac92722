import { CUSTOMER_PAGE_SIZES } from '../../../../domain/customer-lists';
import { FormField, SelectInput } from '../../../ui/form-field';

/** The "Per page" select of the customer lists (25, the default, 50 or 100); a change goes back to page 1. */
export function PageSizeField({
  value,
  onChange,
}: {
  value: number;
  onChange: (changes: { pageSize: string | undefined; page: undefined }) => void;
}) {
  return (
    <FormField label="Per page">
      {(field) => (
        <SelectInput
          {...field}
          value={value}
          onChange={(e) =>
            onChange({ pageSize: Number(e.target.value) === 25 ? undefined : e.target.value, page: undefined })
          }
        >
          {CUSTOMER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectInput>
      )}
    </FormField>
  );
}
