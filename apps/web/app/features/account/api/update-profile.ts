import { MSG, type User, type profileUpdateSchema } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '~/lib/api-client';
import { setCurrentUser } from '~/lib/auth';
import { feedback } from '~/lib/mutation-feedback';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** PUT /api/account/profile {name, mobile} → {user}. */
export function updateProfile(body: ProfileUpdate): Promise<{ user: User }> {
  return apiRequest<{ user: User }>('/api/account/profile', { method: 'PUT', body });
}

/** Saves the profile; the signed-in user (name in the sidebar) updates from the server's answer. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    meta: feedback({ success: MSG.profileSaved, error: MSG.profileSaveFailed }),
    onSuccess: ({ user }) => setCurrentUser(user),
  });
}
