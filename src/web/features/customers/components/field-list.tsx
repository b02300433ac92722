import type { ReactNode } from 'react';

/** Label and value rows of a detail card; an empty value reads "Not specified". */
export function FieldList({ fields }: { fields: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {fields.map((field) => (
        <div key={field.label} className="grid grid-cols-[10rem_1fr] gap-3 py-2">
          <dt className="font-medium text-slate-500">{field.label}</dt>
          <dd className="min-w-0 break-words text-slate-900">
            {field.value === null || field.value === undefined || field.value === '' ? (
              <span className="text-slate-600">Not specified</span>
            ) : (
              field.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
