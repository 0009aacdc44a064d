import type { Automation, AutomationStatus, AutomationStep, AutomationTemplate, AutomationTrigger } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key, so switching or deleting a store refetches everything here. */
export const AUTOMATION_KEYS = {
  list: (storeId: string) => [...STORE_KEYS.store(storeId), 'automations', 'list'] as const,
  one: (storeId: string, automationId: string) => [...STORE_KEYS.store(storeId), 'automations', 'one', automationId] as const,
  products: (storeId: string) => [...STORE_KEYS.store(storeId), 'automations', 'products'] as const,
  signupForms: (storeId: string) => [...STORE_KEYS.store(storeId), 'automations', 'signup-forms'] as const,
};

export function useAutomations(storeId: string) {
  return useQuery({ queryKey: AUTOMATION_KEYS.list(storeId), queryFn: () => callFunction('listAutomations', { storeId }) });
}

/** One automation and its per-step numbers. */
export function useAutomation(storeId: string, automationId: string) {
  return useQuery({ queryKey: AUTOMATION_KEYS.one(storeId, automationId), queryFn: () => callFunction('getAutomation', { storeId, automationId }) });
}

/** The store's products and currency: trigger and branch pickers, product cards, revenue. */
export function useAutomationProducts(storeId: string) {
  return useQuery({ queryKey: AUTOMATION_KEYS.products(storeId), queryFn: () => callFunction('listProducts', { storeId }) });
}

/** The website's signup forms, for the "a given signup form" trigger (asked only once that choice shows). */
export function useSignupForms(storeId: string) {
  return useQuery({ queryKey: AUTOMATION_KEYS.signupForms(storeId), queryFn: () => callFunction('listSignupForms', { storeId }) });
}

export type CreateAutomationChoice = { template: AutomationTemplate } | { name: string; trigger: AutomationTrigger };

export function useCreateAutomation(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CreateAutomationChoice) => callFunction('createAutomation', { storeId, ...choice }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTOMATION_KEYS.list(storeId) }),
  });
}

/** Keeps the cached numbers (the answer has none) and puts the saved definition in their place. */
function useAutomationWrite<Input>(storeId: string, run: (input: Input) => Promise<Automation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (automation) => {
      queryClient.setQueryData(AUTOMATION_KEYS.one(storeId, automation.id), (current: { stats: unknown[] } | undefined) => ({ stats: current?.stats ?? [], automation }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTOMATION_KEYS.list(storeId) }),
        queryClient.invalidateQueries({ queryKey: AUTOMATION_KEYS.one(storeId, automation.id) }),
      ]);
    },
  });
}

export interface AutomationDefinition {
  name: string;
  trigger: AutomationTrigger;
  steps: AutomationStep[];
}

export function useUpdateAutomation(storeId: string) {
  return useAutomationWrite(storeId, ({ automationId, definition }: { automationId: string; definition: AutomationDefinition }) =>
    callFunction('updateAutomation', { storeId, automationId, ...definition }),
  );
}

export function useSetAutomationStatus(storeId: string) {
  return useAutomationWrite(storeId, ({ automationId, status }: { automationId: string; status: AutomationStatus }) => callFunction('setAutomationStatus', { storeId, automationId, status }));
}

/** Drops the deleted automation's cached answer (refetching it would only answer "not found"). */
export function useDeleteAutomation(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (automationId: string) => callFunction('deleteAutomation', { storeId, automationId }),
    onSuccess: (_result, automationId) => {
      queryClient.removeQueries({ queryKey: AUTOMATION_KEYS.one(storeId, automationId) });
      return queryClient.invalidateQueries({ queryKey: AUTOMATION_KEYS.list(storeId) });
    },
  });
}

/** A saved email step, once, to the signed-in creator's own address. */
export function useSendStepTest(storeId: string) {
  return useMutation({ mutationFn: ({ automationId, stepId }: { automationId: string; stepId: string }) => callFunction('sendAutomationStepTest', { storeId, automationId, step: stepId }) });
}
