/** How a signed-in person is named in the header: first and last name, else the username. */
export function displayName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.username;
}
