import { BILLING_MESSAGES, type BillingConfigResponse, type BillingHistoryResponse, type CancelSubscriptionBody, type ClientSecretResponse, type OkResponse, type PaymentLinkBody, type PaymentMethodsResponse, type TariffsResponse } from '@leadline/shared/billing/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/query-client';

export const billingKeys = {
  config: ['billing', 'config'] as const,
  tariffs: ['billing', 'tariffs'] as const,
  cards: ['billing', 'cards'] as const,
  history: ['billing', 'history'] as const,
};

export function useBillingConfig() {
  return useQuery({
    queryKey: billingKeys.config,
    queryFn: () => api.get<BillingConfigResponse>('/billing/config'),
    select: (answer) => answer.data,
    staleTime: Infinity,
  });
}

export function useTariffs() {
  return useQuery({
    queryKey: billingKeys.tariffs,
    queryFn: () => api.get<TariffsResponse>('/billing/getTariffs'),
    select: (answer) => answer.data,
    staleTime: Infinity,
    meta: { errorMessage: BILLING_MESSAGES.tariffsLoadFailed },
  });
}

export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.cards,
    queryFn: () => api.get<PaymentMethodsResponse>('/billing/getPaymentMethods'),
    select: (answer) => answer.data,
    enabled,
    meta: { errorMessage: BILLING_MESSAGES.paymentMethodsLoadFailed },
  });
}

export function useBillingHistory(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.history,
    queryFn: () => api.get<BillingHistoryResponse>('/billing/getBillingHistory'),
    select: (answer) => answer.data,
    enabled,
    meta: { errorMessage: BILLING_MESSAGES.historyLoadFailed },
  });
}

/** A checkout session's client secret for a plan or a pack (embedded checkout mounts it). */
export const fetchPaymentSecret = async (body: PaymentLinkBody) => (await api.post<ClientSecretResponse>('/billing/getPaymentLink', body)).data.client_secret;

export const fetchSetupSecret = async () => (await api.post<ClientSecretResponse>('/billing/getSetupLink', { ui_mode: 'embedded', mode: 'setup' })).data.client_secret;

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api.post<OkResponse>('/billing/setPaymentMethodAsDefault', { cardId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
    meta: { errorMessage: BILLING_MESSAGES.paymentMethodUpdateFailed },
  });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api.delete<OkResponse>('/billing/removePaymentMethod', { cardId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
    meta: { handlesErrors: true },
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelSubscriptionBody) => api.post<OkResponse>('/billing/cancelSubscription', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
    meta: { handlesErrors: true },
  });
}

export function useApplyDiscount() {
  return useMutation({
    mutationFn: () => api.post<OkResponse>('/billing/applyDiscount'),
    meta: { handlesErrors: true },
  });
}
