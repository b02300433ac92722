import { RequireAuth } from './auth-gate';
import { AppLayout } from './layout/app-layout';

/** Everything behind sign-in: the gate, then the layout with the current screen. */
export default function ProtectedRoot() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}
