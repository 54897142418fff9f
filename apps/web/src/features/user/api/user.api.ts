import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_VERSION_CODE, type UserProfile } from '@simshop/contracts';
import { api, type ApiBody, type ApiData } from '../../../lib/api/client';
import { sessionStore } from '../../../lib/session';

export type UpdatePersonInput = ApiBody<'post', 'app/user/info/updatePerson'>;
export type RealName = ApiData<'get', 'app/user/info/realName'>;
export type RealNameInput = ApiBody<'post', 'app/user/info/realName'>;
export type IdType = RealNameInput['idType'];

/** The signed-in user's profile; loading it also refreshes the session's copy. */
export const personQuery = queryOptions({
  queryKey: ['user', 'person'] as const,
  queryFn: () => sessionStore.loadUser(),
});

export const realNameQuery = queryOptions({
  queryKey: ['user', 'realName'] as const,
  queryFn: () => api.get('app/user/info/realName'),
});

/** Whether a newer version than this build (APP_VERSION_CODE) is published. Asked on demand only. */
export const versionCheckQuery = queryOptions({
  queryKey: ['app', 'version', APP_VERSION_CODE] as const,
  queryFn: () => api.get('app/app/version/check', { query: { code: APP_VERSION_CODE } }),
  enabled: false,
  staleTime: 0,
  retry: false,
});

/** Saves profile fields and puts the saved profile into the session. */
export async function updatePerson(input: UpdatePersonInput): Promise<UserProfile> {
  const saved = await api.post('app/user/info/updatePerson', { body: input });
  sessionStore.setUser(saved);
  return saved;
}

export function useUpdatePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: (profile) => client.setQueryData(personQuery.queryKey, profile),
  });
}

/** Uploads a picture and makes it the avatar. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { url } = await api.upload(file);
      return updatePerson({ avatarUrl: url });
    },
    onSuccess: (profile) => client.setQueryData(personQuery.queryKey, profile),
  });
}

export function useSubmitRealName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RealNameInput) => api.post('app/user/info/realName', { body: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: realNameQuery.queryKey });
      await sessionStore.loadUser().catch(() => undefined);
    },
  });
}
