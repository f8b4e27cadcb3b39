import {
  INTEGRATION_MESSAGES,
  SERVICE_LABELS,
  type CrmSettings,
  type CrmSettingsUpdate,
  type IntegrationService,
  type OAuthService,
  type PushBody,
  type PushService,
  type SlackSettings,
  type ZapierSettings,
  type ZapierSettingsUpdate,
} from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';

const BASE = '/api/v1/integrations';

/**
 * Every screen that runs these mutations shows the spec's message for its failure itself: the
 * app-wide toast of the server's message would be a second toast for the same failure.
 */
const CALLER_SHOWS_ERRORS = { handlesErrors: true } as const;

export type IntegrationStatus = { service: IntegrationService; configured: boolean; connected: boolean; accountEmail: string | null };
export type CrmAuth = { crmName: 'hubspot' | 'salesforce'; email: string | null; teamPortalId: string | null } | null;

export const integrationKeys = {
  all: ['integrations'] as const,
  status: ['integrations', 'status'] as const,
  auth: ['integrations', 'crm-auth'] as const,
  settings: (service: IntegrationService) => ['integrations', 'settings', service] as const,
};

export const serviceLabel = (service: string) => SERVICE_LABELS[service as IntegrationService] ?? service;

/** Which services the server can reach and which the team connected. */
export function useIntegrations() {
  return useQuery({ queryKey: integrationKeys.status, queryFn: () => api.get<{ data: IntegrationStatus[] }>(BASE).then((a) => a.data) });
}

export function useCrmAuth() {
  return useQuery({ queryKey: integrationKeys.auth, queryFn: () => api.get<{ data: CrmAuth }>(`${BASE}/crm/authdata`).then((a) => a.data) });
}

export function useServiceSettings<T extends CrmSettings | ZapierSettings | SlackSettings>(service: IntegrationService, enabled = true) {
  return useQuery({
    queryKey: integrationKeys.settings(service),
    queryFn: () => api.get<{ data: T }>(`${BASE}/${service}/settings`).then((a) => a.data),
    enabled,
    retry: false,
  });
}

export function useSaveSettings<T>(service: IntegrationService) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: CALLER_SHOWS_ERRORS,
    mutationFn: (body: CrmSettingsUpdate | ZapierSettingsUpdate | { channel: string }) => api.put<{ data: T }>(`${BASE}/${service}/settings`, body).then((a) => a.data),
    onSuccess: (data) => {
      queryClient.setQueryData(integrationKeys.settings(service), data);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.status });
    },
  });
}

/**
 * Connect: asks the server for the provider's authorize URL and goes there; the provider sends
 * the browser back to /integrations/{service}/callback. No URL in the answer is the spec's
 * 'Failed to connect to {service}'.
 */
export function useConnect() {
  return useMutation({
    meta: CALLER_SHOWS_ERRORS,
    mutationFn: async (service: OAuthService) => {
      const answer = await api.post<{ data?: { url?: string } }>(`${BASE}/${service}/oauth2url`);
      const url = answer.data?.url;
      if (!url) throw new Error(INTEGRATION_MESSAGES.noRedirect(serviceLabel(service)));
      window.location.assign(url);
      return url;
    },
  });
}

/** The message a failed connect shows: the server's own for "not configured" and "one CRM", else the spec's. */
export function connectFailure(error: unknown, service: OAuthService): string {
  if (isApiError(error) && (error.status === 503 || error.status === 409) && error.code !== 'UNKNOWN') return error.message;
  if (error instanceof Error && error.message === INTEGRATION_MESSAGES.noRedirect(serviceLabel(service))) return error.message;
  return INTEGRATION_MESSAGES.connectFailed(serviceLabel(service));
}

export function useOAuthCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: CALLER_SHOWS_ERRORS,
    mutationFn: ({ service, code, state }: { service: OAuthService; code: string; state: string }) =>
      api.get<{ data: { service: OAuthService } }>(`${BASE}/${service}/oauth2callback`, { code, state }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: CALLER_SHOWS_ERRORS,
    mutationFn: (service: IntegrationService) => api.delete<void>(`${BASE}/${service}/disconnect`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

export function usePush() {
  return useMutation({
    meta: CALLER_SHOWS_ERRORS,
    mutationFn: ({ service, body }: { service: PushService; body: PushBody }) =>
      api.post<{ data: { jobId: string } }>(`${BASE}/${service}/data/push`, body).then((a) => a.data),
  });
}

export function usePull() {
  return useMutation({
    meta: CALLER_SHOWS_ERRORS,
    mutationFn: (service: 'hubspot' | 'salesforce') => api.post<{ data: { jobId: string } }>(`${BASE}/${service}/data/pull`).then((a) => a.data),
  });
}

export function useZapierTest() {
  return useMutation({ mutationFn: () => api.post<{ data: { sent: number } }>(`${BASE}/zapier/testtrigger`).then((a) => a.data), meta: CALLER_SHOWS_ERRORS });
}
