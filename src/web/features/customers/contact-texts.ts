/** The contact screens' wording (decision 038). */
export const CONTACT_TEXTS = {
  created: 'Contact added successfully!',
  updated: 'Contact updated successfully!',
  deleted: 'Contact deleted successfully!',
  saveFailed: 'Failed to save contact',
  deleteFailed: 'Failed to delete contact',
  fetchList: 'Failed to fetch contacts. Please try again.',
  empty: 'No contacts found.',
  cardEmpty: 'No contacts yet.',
  fromUnit: 'From the unit',
} as const;

export function deleteContactConfirmation(name: string): string {
  return `Are you sure you want to delete the contact ${name}? This action cannot be undone.`;
}
