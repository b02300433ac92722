// contact-lists.ts, not contacts.ts (which builds schemas): /contacts loads no zod on first paint (057).
import { CONTACT_ROLE_LABELS } from '../../../../domain/contact-lists';
import type { Contact } from '../../../../domain/contacts';
import { Badge } from '../../../ui/badge';

/** The contact's roles, with Primary first when it is the location's primary contact. */
export function ContactRoleBadges({ contact }: { contact: Pick<Contact, 'roles' | 'isPrimary'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {contact.isPrimary ? <Badge tone="green">Primary</Badge> : null}
      {contact.roles.map((role) => (
        <Badge key={role} tone="gray">
          {CONTACT_ROLE_LABELS[role]}
        </Badge>
      ))}
    </span>
  );
}
