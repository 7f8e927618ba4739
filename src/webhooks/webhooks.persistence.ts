import type { DatabaseSchema } from '../database/database-schema';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookDeliveries1763800000000 } from './migrations/1763800000000-webhook-deliveries';

export const WEBHOOKS_PERSISTENCE: DatabaseSchema = { entities: [WebhookDelivery], migrations: [WebhookDeliveries1763800000000] };
