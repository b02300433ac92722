import { Plus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../../domain/auth';
import { can, isTechnician, mayManageRole } from '../../../../domain/policy';
import { fullName, usersQuery, type UserSummary } from '../../../../domain/users';
import { ROLE_LABELS, ROLE_TONES } from '../../../lib/roles';
import { formatTotal } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/url-state';
import { Badge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardHeader } from '../../../ui/card';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { TextInput } from '../../../ui/form-field';
import { Pager } from '../../../ui/pager';
import { useUsers } from '../api/settings-queries';
import { AddUserForm } from './add-user-form';
import { ManageUserDialog } from './manage-user-dialog';

/** Settings > Users: the table, the inline Add User form and (for admins and managers) Manage. */
export function UsersCard({ actor }: { actor: SessionUser }) {
  const { values: query, update } = useUrlFilters(usersQuery);
  const users = useUsers(query);
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<UserSummary | null>(null);
  const admin = can(actor.role, 'users.manage');

  const columns: DataTableColumn<UserSummary>[] = [
    {
      id: 'username',
      header: 'Username',
      className: 'font-medium text-slate-900',
      cell: (user) => (
        <>
          {user.username}
          {user.id === actor.id ? <span className="ml-1 text-xs font-normal text-slate-600">(you)</span> : null}
        </>
      ),
    },
    { id: 'email', header: 'Email', priority: 2, className: 'text-slate-700', cell: (user) => user.email },
    { id: 'name', header: 'Name', className: 'text-slate-700', cell: (user) => fullName(user) },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <>
          <Badge tone={user.status === 'active' ? 'green' : 'red'}>
            {user.status === 'active' ? 'Active' : 'Inactive'}
          </Badge>
          {!user.hasPassword ? (
            <span className="ml-2 text-xs text-amber-800" title="This user cannot sign in until a password is set">
              No password
            </span>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader
        title={
          <>
            Users{' '}
            {users.data ? (
              <span className="ml-1 text-sm font-normal text-slate-600">
                ({formatTotal(users.data.total, users.data.totalCapped)})
              </span>
            ) : null}
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
      <DataTable
        bare
        label="Users"
        columns={columns}
        rows={users.data?.items}
        loading={users.isPending}
        loadingLabel="Loading users..."
        busy={users.isFetching}
        getRowKey={(user) => user.id}
        getRowLabel={(user) => user.username}
        empty="No users found."
        actions={
          admin
            ? {
                cell: (user) => (
                  <span className="space-x-3">
                    {isTechnician(user) ? (
                      <Link
                        to={`/technicians/${user.id}/edit`}
                        className="font-medium text-blue-700 hover:text-blue-900"
                        aria-label={`Edit ${user.username}`}
                      >
                        Edit
                      </Link>
                    ) : null}
                    {mayManageRole(actor.role, user.role) ? (
                      <button
                        type="button"
                        className="font-medium text-blue-700 hover:text-blue-900"
                        onClick={() => setManaging(user)}
                        aria-label={`Manage ${user.username}`}
                      >
                        Manage
                      </button>
                    ) : null}
                  </span>
                ),
              }
            : undefined
        }
      />
      {users.data && (users.data.totalCapped || users.data.total > users.data.pageSize) ? (
        <div className="border-t border-slate-200 px-4">
          <Pager
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            totalCapped={users.data.totalCapped}
            onPage={(page) => update({ page: page === 1 ? undefined : page })}
          />
        </div>
      ) : null}
      {managing ? <ManageUserDialog user={managing} actor={actor} onClose={() => setManaging(null)} /> : null}
    </Card>
  );
}
