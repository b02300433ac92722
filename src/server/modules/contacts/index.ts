/** The contacts module's entry (docs/decisions/028, 038). */
export { contactList, createContactsRepo, type ContactsRepo } from './contacts.repo.js';
export { contactsRoutes } from './contacts.routes.js';
export {
  createContactsService,
  createJobContacts,
  type ContactsService,
  type JobContacts,
} from './contacts.service.js';
