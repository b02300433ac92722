import { FormField, SelectInput } from '../../../../ui/form-field';
import { SearchPicker } from '../../../../ui/search-picker';
import type { JobFormState } from '../../use-job-form';
import { FormSection, JobTextField } from './form-section';

/** Customer Details: the company (a search, 2 characters, at most 5), its locations, the location's units, and the location's address (read-only). */
export function CustomerSection({ job }: { job: JobFormState }) {
  const { form, company, locations, units, unit } = job;
  const errors = form.formState.errors;
  const companyId = form.watch('companyId');
  const locationId = form.watch('locationId');
  const unitId = form.watch('unitId');
  const unitItems = units.data?.items ?? [];
  return (
    <FormSection title="Customer Details">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Company" error={errors.companyId?.message}>
          {(field) => (
            <SearchPicker
              id={field.id}
              describedBy={field['aria-describedby']}
              label="Company"
              selected={company.selected}
              onSelect={company.choose}
              text={company.text}
              onTextChange={company.setText}
              options={(company.suggestions.data?.items ?? []).slice(0, 5).map((c) => ({ id: c.id, label: c.name }))}
              loading={company.suggestions.isFetching || company.debounced !== company.text.trim()}
              placeholder="Search companies..."
              emptyText="No companies found"
            />
          )}
        </FormField>
        <FormField label="Service Location" required error={errors.locationId?.message}>
          {(field) => (
            <SelectInput
              {...field}
              value={locationId ?? ''}
              disabled={!companyId}
              onChange={(e) => job.chooseLocation(e.target.value)}
            >
              <option value="">
                {!companyId
                  ? 'Choose a company first'
                  : locations.isPending
                    ? 'Loading locations...'
                    : 'Select a location'}
              </option>
              {(locations.data?.items ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Unit" error={errors.unitId?.message}>
          {(field) => (
            <SelectInput
              {...field}
              value={unitId ?? ''}
              disabled={!locationId}
              onChange={(e) => form.setValue('unitId', e.target.value || null)}
            >
              <option value="">No unit</option>
              {unitItems.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.unitNumber}
                </option>
              ))}
              {unit.data && !unitItems.some((u) => u.id === unit.data.id) ? (
                <option value={unit.data.id}>{unit.data.unitNumber}</option>
              ) : null}
            </SelectInput>
          )}
        </FormField>
        <JobTextField form={form} name="serviceAddress" label="Service Address" required readOnly />
        <div className="grid grid-cols-[1fr_5rem_7rem] gap-3 md:col-span-2">
          <JobTextField form={form} name="serviceCity" label="City" required readOnly />
          <JobTextField form={form} name="serviceState" label="State" required readOnly />
          <JobTextField form={form} name="serviceZip" label="Zip" required readOnly />
        </div>
      </div>
    </FormSection>
  );
}
