import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutation } from '../../api/client.ts';

export const WEBHOOKS_KEY = ['webhooks'] as const;

export const useWebhooks = () => useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => call(ROUTES.webhook.getWebhooks, {}) });
export const useDeliveries = (webhookId: number, page: number, rows: number) =>
  useQuery({
    queryKey: ['webhookDeliveries', webhookId, page, rows],
    queryFn: () => call(ROUTES.webhook.getDeliveries, { webhookId, page, rows }),
  });

export const createWebhook = mutation(ROUTES.webhook.createWebhook);
export const updateWebhook = mutation(ROUTES.webhook.updateWebhook);
export const rotateSecret = mutation(ROUTES.webhook.rotateSecret);
export const deleteWebhooks = mutation(ROUTES.webhook.deleteWebhooks);
export const sendTest = mutation(ROUTES.webhook.sendTest);
