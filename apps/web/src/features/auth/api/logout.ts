import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { endSession } from '../../../api/session';

/**
 * Revokes the token on the server, then ends the local session whatever the outcome: a user who asks to
 * log out must end up logged out even when the network is down.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout');
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
