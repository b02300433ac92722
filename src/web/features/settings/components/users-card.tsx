import { Plus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { canAdminister, type SessionUser } from '../../../../domain/auth';
import { fullName, hasTechnicianRecord, mayManageRole, usersQuery, type UserSummary } from '../../../../domain/users';
import { ROLE_LABELS } from '../../../lib/roles';
import { useUrlFilters } from '../../../lib/url-state';
import { Badge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardHeader } from '../../../ui/card';
import { TextInput } from '../../../ui/form-field';
import { Pager } from '../../../ui/pager';
import { Spinner } from '../../../ui/spinner';
import { useUsers } from '../api/settings-queries';
import { AddUserForm } from './add-user-form';
import { ManageUserDialog } from './manage-user-dialog';

/** Settings > Users: the table, the inline Add User form and (for admins and managers) Manage. */
export function UsersCard({ actor }: { actor: SessionUser }) {
  const { values: query, update } = useUrlFilters(usersQuery);
  const users = useUsers(query);
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<UserSummary | null>(null);
  const admin = canAdminister(actor.role);

  return (
    <Card>
      <CardHeader
        title={
          <>
            Users {users.data ? <span className="ml-1 text-sm font-normal text-slate-500">({users.data.total})</span> : null}
          </>
        }
        actions={
          <>
            <div className="w-56">
              <TextInput
                type="search"
                aria-label="Search users"
                placeholder="Search users..."
                className="h-8 py-1"
                defaultValue={query.q ?? ''}
                onChange={(e) => update({ q: e.target.value.trim() || undefined, page: undefined }, { replace: true })}
              />
            </div>
            {admin ? (
              <>
                <ButtonLink to="/technicians/add" variant="secondary" size="sm">
                  <UserPlus className="h-4 w-4" aria-hidden /> Add Technician
                </ButtonLink>
                {!adding ? (
                  <Button size="sm" onClick={() => setAdding(true)}>
                    <Plus className="h-4 w-4" aria-hidden /> Add User
                  </Button>
                ) : null}
              </>
            ) : null}
          </>
        }
      />
      {admin && adding ? <AddUserForm actorRole={actor.role} onDone={() => setAdding(false)} /> : null}
      {users.isPending ? (
        <Spinner />
      ) : users.data ? (
        users.data.items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">No users found.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-2">Username</th>
                  <th className="px-4 py-2">Email</th>
                  <th className="px-4 py-2">Name</th>
                  <th className="px-4 py-2">Role</th>
                  <th className="px-4 py-2">Status</th>
                  {admin ? <th className="px-4 py-2 text-right">Actions</th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {users.data.items.map((user) => (
                  <tr key={user.id} className="hover:bg-slate-50">
                    <td className="px-4 py-2 font-medium text-slate-900">
                      {user.username}
                      {user.id === actor.id ? <span className="ml-1 text-xs font-normal text-slate-500">(you)</span> : null}
                    </td>
                    <td className="px-4 py-2 text-slate-700">{user.email}</td>
                    <td className="px-4 py-2 text-slate-700">{fullName(user)}</td>
                    <td className="px-4 py-2">
                      <Badge tone={user.role === 'admin' ? 'purple' : user.role === 'manager' ? 'blue' : user.role === 'technician' ? 'amber' : 'gray'}>
                        {ROLE_LABELS[user.role]}
                      </Badge>
                    </td>
                    <td className="px-4 py-2">
                      <Badge tone={user.status === 'active' ? 'green' : 'red'}>{user.status === 'active' ? 'Active' : 'Inactive'}</Badge>
                      {!user.hasPassword ? (
                        <span className="ml-2 text-xs text-amber-700" title="This user cannot sign in until a password is set">
                          No password
                        </span>
                      ) : null}
                    </td>
                    {admin ? (
                      <td className="space-x-3 whitespace-nowrap px-4 py-2 text-right">
                        {hasTechnicianRecord(user) ? (
                          <Link to={`/technicians/${user.id}/edit`} className="font-medium text-blue-700 hover:text-blue-900" aria-label={`Edit ${user.username}`}>
                            Edit
                          </Link>
                        ) : null}
                        {mayManageRole(actor.role, user.role) ? (
                          <button type="button" className="font-medium text-blue-700 hover:text-blue-900" onClick={() => setManaging(user)} aria-label={`Manage ${user.username}`}>
                            Manage
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      {users.data && users.data.total > users.data.pageSize ? (
        <div className="border-t border-slate-200 px-4">
          <Pager page={users.data.page} pageSize={users.data.pageSize} total={users.data.total} onPage={(page) => update({ page: page === 1 ? undefined : page })} />
        </div>
      ) : null}
      {managing ? <ManageUserDialog user={managing} actor={actor} onClose={() => setManaging(null)} /> : null}
    </Card>
  );
}
