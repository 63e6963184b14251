import { webhookRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutation } from '../../api/client.ts';

export const WEBHOOKS_KEY = ['webhooks'] as const;

export const useWebhooks = () => useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => call(webhookRoutes.getWebhooks, {}) });
export const useDeliveries = (webhookId: number, page: number, rows: number) =>
  useQuery({
    queryKey: ['webhookDeliveries', webhookId, page, rows],
    queryFn: () => call(webhookRoutes.getDeliveries, { webhookId, page, rows }),
  });

export const createWebhook = mutation(webhookRoutes.createWebhook);
export const updateWebhook = mutation(webhookRoutes.updateWebhook);
export const rotateSecret = mutation(webhookRoutes.rotateSecret);
export const deleteWebhooks = mutation(webhookRoutes.deleteWebhooks);
export const sendTest = mutation(webhookRoutes.sendTest);
