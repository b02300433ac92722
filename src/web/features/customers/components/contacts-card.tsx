import { Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Contact, UnitContact } from '../../../../domain/contacts';
import { errorMessage } from '../../../lib/api-client';
import { useContactOptions, useContacts } from '../../../lib/contact-queries';
import { formatPhone } from '../../../lib/format';
import { useCustomerPermissions } from '../../../lib/permissions';
import { Badge } from '../../../ui/badge';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { CONTACT_TEXTS } from '../contact-texts';
import { ContactDeleteDialog } from './contact-delete-dialog';
import type { ContactDialogTarget } from './contact-form-dialog';

// The contact form checks with the API's schema: loaded when first opened (decision 057).
const ContactFormDialog = lazy(() => import('./contact-form-dialog').then((m) => ({ default: m.ContactFormDialog })));
import { ContactRoleBadges } from './contact-role-badges';
import { formatCount } from '../../../lib/format';
import { useOpenedOnce } from '../../../lib/use-opened-once';

const CARD_LIMIT = 100;

function ContactLine({
  contact,
  showLocation,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  showLocation: boolean;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const phones = [
    contact.officePhone ? `Office ${formatPhone(contact.officePhone)}` : null,
    contact.mobilePhone ? `Mobile ${formatPhone(contact.mobilePhone)}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm" data-testid="contact-card-row">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{contact.name}</span>
          {contact.title ? <span className="text-slate-600">{contact.title}</span> : null}
          <ContactRoleBadges contact={contact} />
        </p>
        {showLocation ? (
          <p className="text-slate-600">
            {contact.locationId ? (
              <Link to={`/locations/${contact.locationId}`} className="hover:text-blue-700 hover:underline">
                {contact.locationName}
              </Link>
            ) : (
              'Company-wide'
            )}
          </p>
        ) : null}
        {contact.email ? (
          <a href={`mailto:${contact.email}`} className="block break-all text-blue-700 hover:underline">
            {contact.email}
          </a>
        ) : null}
        {phones.length ? <p className="text-slate-700">{phones.join(' · ')}</p> : null}
      </div>
      {onEdit || onDelete ? (
        <span className="inline-flex gap-1">
          {onEdit ? (
            <Button variant="ghost" size="sm" aria-label={`Edit contact ${contact.name}`} onClick={onEdit}>
              <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="ghost" size="sm" aria-label={`Delete contact ${contact.name}`} onClick={onDelete}>
              <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
            </Button>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

/** The units' own contact and billing fields (Edit Unit), read-only, labeled as the unit's. */
function UnitContactLines({ units }: { units: readonly UnitContact[] }) {
  if (units.length === 0) return null;
  return (
    <section aria-labelledby="unit-contacts-heading" className="border-t border-slate-200 py-3">
      <h3 id="unit-contacts-heading" className="mb-1 text-sm font-semibold text-slate-800">
        {CONTACT_TEXTS.fromUnit}s
      </h3>
      <ul className="divide-y divide-slate-100">
        {units.map((u) => (
          <li key={u.unitId} className="space-y-0.5 py-2 text-sm" data-testid="unit-contact-row">
            <p className="flex flex-wrap items-center gap-2">
              <Link to={`/units/${u.unitId}`} className="font-medium text-blue-700 hover:underline">
                Unit {u.unitNumber}
              </Link>
              <Badge tone="purple">{CONTACT_TEXTS.fromUnit}</Badge>
            </p>
            {u.primaryContactEmail || u.primaryContactPhone ? (
              <p className="text-slate-700">
                Primary contact{u.primaryContactType ? ` (${u.primaryContactType})` : ''}:{' '}
                {[u.primaryContactEmail, formatPhone(u.primaryContactPhone)].filter(Boolean).join(' · ')}
              </p>
            ) : null}
            {u.billingEntity || u.billingEmail ? (
              <p className="text-slate-700">Billing: {[u.billingEntity, u.billingEmail].filter(Boolean).join(' · ')}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Contacts card of a company page (all its contacts) or a location page (the location's and
 * the company-wide ones, with the units' own contact fields beside them), with Add, Edit, Delete.
 */
export function ContactsCard({ company, locationId }: { company: { id: string; name: string }; locationId?: string }) {
  const { canEdit, canDelete } = useCustomerPermissions();
  const ofCompany = useContacts({ companyId: company.id, pageSize: CARD_LIMIT }, { enabled: !locationId });
  const ofLocation = useContactOptions(locationId);
  const query = locationId ? ofLocation : ofCompany;
  const contacts = (locationId ? ofLocation.data?.items : ofCompany.data?.items) ?? [];
  const unitContacts = ofLocation.data?.unitContacts ?? [];
  const total = locationId ? contacts.length : (ofCompany.data?.total ?? 0);
  const [dialog, setDialog] = useState<ContactDialogTarget | null>(null);
  const formUsed = useOpenedOnce(dialog !== null);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            Contacts <Badge tone="gray">{total}</Badge>
          </span>
        }
        actions={
          canEdit ? (
            <Button size="sm" onClick={() => setDialog({ kind: 'new', company, locationId: locationId ?? null })}>
              <Plus className="h-4 w-4" aria-hidden /> Add Contact
            </Button>
          ) : null
        }
      />
      <CardBody className="py-0">
        {query.isError ? (
          <ErrorBanner className="my-3" message={errorMessage(query.error, CONTACT_TEXTS.fetchList)} />
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading contacts..." />
        ) : contacts.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{CONTACT_TEXTS.cardEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Contacts">
            {contacts.map((contact) => (
              <ContactLine
                key={contact.id}
                contact={contact}
                showLocation={!locationId || contact.locationId === null}
                onEdit={canEdit ? () => setDialog({ kind: 'edit', contact }) : undefined}
                onDelete={canDelete ? () => setDeleting(contact) : undefined}
              />
            ))}
          </ul>
        )}
        {!locationId && total > contacts.length ? (
          <p className="border-t border-slate-100 py-3 text-sm text-slate-600">
            Showing {contacts.length} of {formatCount(total)} contacts.{' '}
            <Link to={`/contacts?companyId=${company.id}`} className="font-medium text-blue-700 hover:underline">
              View all contacts
            </Link>
          </p>
        ) : null}
        <UnitContactLines units={unitContacts} />
      </CardBody>
      {formUsed ? (
        <Suspense fallback={null}>
          <ContactFormDialog target={dialog} onOpenChange={(open) => !open && setDialog(null)} />
        </Suspense>
      ) : null}
      <ContactDeleteDialog contact={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
