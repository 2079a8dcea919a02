import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

/**
 * Language-model providers added on the admin page. The key is sealed with AES-256-GCM (shared/crypto/secret-box.ts)
 * under a key that is not in this database; `models` are the names discovered from the server (Ollama,
 * OpenAI-compatible), empty for providers whose models come from the catalogue.
 */
export const llmConnections = pgTable(
  'llm_connections',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    apiKeySealed: text('api_key_sealed'),
    models: jsonb('models').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    fkey(t.createdBy, users.id, 'set null'),
    check('llm_connections_kind_check', sql`kind IN ('openai', 'anthropic', 'qwen', 'openai-compatible', 'ollama')`),
    index('llm_connections_created_idx').on(t.createdAt),
  ],
);
