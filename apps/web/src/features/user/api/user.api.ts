import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_VERSION_CODE, type Locale, type UserProfile } from '@simshop/contracts';
import { request, upload } from '../../../lib/request';
import { sessionStore } from '../../../lib/session';

export type UpdatePersonInput = {
  nickname?: string;
  avatarUrl?: string;
  orderReceiving?: 0 | 1;
  messageNotify?: 0 | 1;
  language?: Locale;
};
export type RealNameStatus = 'none' | 'pending' | 'verified' | 'rejected';
export type IdType = 'TW_ID' | 'PASSPORT';
export type RealName = {
  status: RealNameStatus;
  legalName: string | null;
  idType: IdType | null;
  idNumber: string | null;
  reason: string | null;
};
export type RealNameInput = { legalName: string; idType: IdType; idNumber: string };
export type AppVersion = {
  version: string;
  code: number;
  description: string;
  url: string | null;
  force: boolean;
  publishedAt: string;
};
export type VersionCheck = { hasUpdate: boolean; latest: AppVersion | null };

const isProfile = (v: unknown): v is UserProfile =>
  Boolean(v && typeof v === 'object' && 'id' in v && 'nickname' in v);

/** The signed-in user's profile; loading it also refreshes the session's copy. */
export const personQuery = queryOptions({
  queryKey: ['user', 'person'] as const,
  queryFn: () => sessionStore.loadUser(),
});

export const realNameQuery = queryOptions({
  queryKey: ['user', 'realName'] as const,
  queryFn: () => request<RealName>({ url: 'app/user/info/realName' }),
});

/** Whether a newer version than this build (APP_VERSION_CODE) is published. Asked on demand only. */
export const versionCheckQuery = queryOptions({
  queryKey: ['app', 'version', APP_VERSION_CODE] as const,
  queryFn: () => request<VersionCheck>({ url: 'app/app/version/check', params: { code: APP_VERSION_CODE } }),
  enabled: false,
  staleTime: 0,
  retry: false,
});

/** Saves profile fields and puts the saved profile into the session. */
export async function updatePerson(input: UpdatePersonInput): Promise<UserProfile> {
  const saved = await request<unknown>({ url: 'app/user/info/updatePerson', method: 'POST', data: input });
  if (isProfile(saved)) {
    sessionStore.setUser(saved);
    return saved;
  }
  return sessionStore.loadUser();
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
      const { url } = await upload(file);
      return updatePerson({ avatarUrl: url });
    },
    onSuccess: (profile) => client.setQueryData(personQuery.queryKey, profile),
  });
}

export function useSubmitRealName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RealNameInput) =>
      request<RealName | null>({ url: 'app/user/info/realName', method: 'POST', data: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: realNameQuery.queryKey });
      await sessionStore.loadUser().catch(() => undefined);
    },
  });
}
