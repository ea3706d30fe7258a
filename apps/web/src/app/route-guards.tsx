import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '../state/session-store';

/** Shows the child route to a logged-in visitor; anyone else goes to the login page. */
export function ProtectedRoute() {
  return useIsLoggedIn() ? <Outlet /> : <Navigate to="/" replace />;
}

/** Login and signup are for visitors only: a logged-in user goes straight to the dashboard. */
export function GuestOnlyRoute() {
  return useIsLoggedIn() ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
