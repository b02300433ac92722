import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { duplicateCompanyMessage } from '../../../../domain/companies';
import { addLocationPath } from '../customer-paths';
import { DUPLICATE_COMPANY_TITLE } from '../customer-texts';

/** "Company Already Exists": blocks saving and offers adding a location to the existing company. */
export function DuplicateCompanyWarning({ company }: { company: { id: string; name: string } }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold">{DUPLICATE_COMPANY_TITLE}</p>
        <p>{duplicateCompanyMessage(company.name)}</p>
        <Link to={addLocationPath(company.id)} className="font-medium text-blue-700 underline hover:text-blue-900">
          Add a location to {company.name}
        </Link>
      </div>
    </div>
  );
}
