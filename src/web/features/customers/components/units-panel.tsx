import { Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../ui/banner';
import { ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useUnits } from '../../../lib/customer-queries';
import { UnitStatusBadge } from './status-badge';
import { useCustomerPermissions } from '../../../lib/permissions';
import { formatCount } from '../../../lib/format';

/** The panel scrolls past this height, so a location with many units keeps the page short. */
const UNITS_PANEL_MAX_HEIGHT_PX = 500;

const PANEL_LIMIT = 100;

/**
 * The units of one location, shown under it when "Show Units" is pressed: unit number with its
 * status badge, a link to the unit and its Edit link; at most 500px high, scrolling.
 */
export function UnitsPanel({ locationId }: { locationId: string }) {
  const units = useUnits({ locationId, pageSize: PANEL_LIMIT });
  const { canEdit } = useCustomerPermissions();
  return (
    <div
      className="mt-3 overflow-y-auto rounded-md border border-slate-200 bg-slate-50"
      style={{ maxHeight: UNITS_PANEL_MAX_HEIGHT_PX }}
      data-testid="units-panel"
    >
      {units.isPending ? (
        <Spinner label="Loading units..." className="py-4" />
      ) : units.isError ? (
        <ErrorBanner className="m-2" message={errorMessage(units.error, 'Failed to fetch units. Please try again.')} />
      ) : units.data.items.length === 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 text-sm text-slate-600">
          <span>No units found. Click &quot;Add Unit&quot; to create one.</span>
          {canEdit ? (
            <ButtonLink to={`/locations/${locationId}/units/add`} size="sm" variant="secondary">
              <Plus className="h-4 w-4" aria-hidden /> Add Unit
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {units.data.items.map((unit) => (
              <li key={unit.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <div className="flex min-w-0 items-center gap-2">
                  <Link to={`/units/${unit.id}`} className="truncate font-medium text-blue-700 hover:underline">
                    {unit.unitNumber}
                  </Link>
                  <UnitStatusBadge status={unit.status} />
                </div>
                {canEdit ? (
                  <Link
                    to={`/units/${unit.id}/edit`}
                    className="inline-flex items-center gap-1 text-slate-600 hover:text-slate-900"
                    aria-label={`Edit unit ${unit.unitNumber}`}
                  >
                    <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-3 py-2 text-xs text-slate-600">
            <span>
              {units.data.total > units.data.items.length
                ? `Showing ${units.data.items.length} of ${formatCount(units.data.total)} units.`
                : `${units.data.total} unit${units.data.total === 1 ? '' : 's'}`}
            </span>
            <span className="flex gap-3">
              {units.data.total > units.data.items.length ? (
                <Link to={`/locations/${locationId}`} className="font-medium text-blue-700 hover:underline">
                  View all
                </Link>
              ) : null}
              {canEdit ? (
                <Link to={`/locations/${locationId}/units/add`} className="font-medium text-blue-700 hover:underline">
                  Add Unit
                </Link>
              ) : null}
            </span>
          </div>
        </>
      )}
    </div>
  );
}
