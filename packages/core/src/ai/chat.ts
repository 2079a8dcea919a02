import { z } from 'zod';
import { streamErrorEventSchema } from '../api-error';
import { LLM_PROVIDERS, MODEL_STRENGTHS, MODEL_USES } from './models';
import { PERSONA_KEYS } from './personas';

/** Assistant modes, taken from the route (first document §2): quick questions and prompts differ. */
export const ASSISTANT_MODES = ['main', 'writing-helper', 'report-helper', 'anime-chara-helper'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

export const CHAT_MESSAGE_MAX_CHARS = 8_000;
export const CHAT_HISTORY_MAX_MESSAGES = 100;
export const EDIT_TEXT_MAX_CHARS = 20_000;
export const EDIT_INSTRUCTIONS_MAX_CHARS = 2_000;
/** The spec's chat failure message (first document §8). */
export const CHAT_FAILURE_MESSAGE = 'Sorry, I encountered an error. Please try again.';
export const MODEL_REQUIRED_MESSAGE = 'This needs a language model. Connect one in the Models tab.';

const notBlank = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .refine((s) => s.trim().length > 0, 'Must not be empty');

export const chatContextSchema = z.strictObject({
  provider: z.enum(LLM_PROVIDERS),
  model: z.string().trim().min(1).max(100),
  personality: z.enum(PERSONA_KEYS).default('otaku'),
  mode: z.enum(ASSISTANT_MODES).default('main'),
});
export type ChatContext = z.infer<typeof chatContextSchema>;

export const chatRoleSchema = z.enum(['user', 'assistant']);
export const chatTurnSchema = z.strictObject({
  role: chatRoleSchema,
  content: z.string().max(CHAT_MESSAGE_MAX_CHARS * 2),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

export const chatRequestSchema = z.strictObject({
  message: notBlank(CHAT_MESSAGE_MAX_CHARS),
  context: chatContextSchema,
  conversationId: z.uuid().optional(),
  history: z.array(chatTurnSchema).max(CHAT_HISTORY_MAX_MESSAGES).optional(),
  /**
   * The ids the client gave the question and its answer: the archive stores the turn under them, so a copy of
   * the conversation kept on the device and the server's copy name each turn alike (mergeTurns).
   */
  turnIds: z.strictObject({ user: z.uuid(), assistant: z.uuid() }).optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const chatUsageSchema = z.object({
  provider: z.enum(LLM_PROVIDERS),
  model: z.string(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  totalTokens: z.number().int(),
  /** Timeshards charged for this answer (paid models). */
  charged: z.number().int(),
  /** Free tokens left today on this provider (free models), null when not metered. */
  freeTokensRemaining: z.number().int().nullable(),
});
export type ChatUsage = z.infer<typeof chatUsageSchema>;

export const chatResponseSchema = z.object({
  message: z.string(),
  conversationId: z.uuid(),
  usage: chatUsageSchema,
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** One server-sent event of a streamed chat answer: pieces of text, then the whole answer or an error. */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  chatResponseSchema.extend({ type: z.literal('done') }),
  streamErrorEventSchema,
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const editRequestSchema = z.strictObject({
  instructions: notBlank(EDIT_INSTRUCTIONS_MAX_CHARS),
  text: notBlank(EDIT_TEXT_MAX_CHARS),
  context: chatContextSchema.optional(),
});
export type EditRequest = z.input<typeof editRequestSchema>;
export const editResponseSchema = z.object({ text: z.string() });

export const modelInfoSchema = z.object({
  id: z.string(),
  provider: z.enum(LLM_PROVIDERS),
  name: z.string(),
  type: z.enum(['free', 'paid']),
  description: z.string(),
  strengths: z.array(z.enum(MODEL_STRENGTHS)),
  recommendedUses: z.array(z.enum(MODEL_USES)),
  pricePer1kTokens: z.number().int().nullable(),
  dailyFreeTokens: z.number().int().nullable(),
  contextTokens: z.number().int(),
  maxOutputTokens: z.number().int(),
  available: z.boolean(),
  /** Why it cannot be selected on this server (provider not configured). */
  unavailableReason: z.string().optional(),
  recommended: z.boolean(),
});
export type AvailableModel = z.infer<typeof modelInfoSchema>;

export const modelsResponseSchema = z.object({
  models: z.array(modelInfoSchema),
  providers: z.array(z.object({ id: z.enum(LLM_PROVIDERS), available: z.boolean() })),
  /** The model a new user starts with: the spec's default when configured, else the offline one. */
  defaultModel: z.object({ provider: z.enum(LLM_PROVIDERS), model: z.string() }),
});
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

export const archiveMessageSchema = z.object({
  id: z.string(),
  role: chatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
});
export type ArchiveMessage = z.infer<typeof archiveMessageSchema>;

export const archiveSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  provider: z.string(),
  model: z.string(),
  mode: z.string(),
  personality: z.string(),
  messageCount: z.number().int(),
  timestamp: z.string(),
});
export type ArchiveSummary = z.infer<typeof archiveSummarySchema>;
export const archiveSchema = archiveSummarySchema.extend({ messages: z.array(archiveMessageSchema) });
export type ChatArchive = z.infer<typeof archiveSchema>;
export const archiveListSchema = z.object({ archives: z.array(archiveSummarySchema) });

/** A device sends at most this many turns of an archive at once (more go in several requests). */
export const ARCHIVE_MERGE_MAX_TURNS = 20;
/** One archived turn as a device sends it: an answer of the longest model output fits. */
export const ARCHIVE_TURN_MAX_CHARS = 32_000;
/**
 * Bounds of what the offline sync may store for free: at most this many characters in one conversation (a
 * long day's chat is far below it; the model is only ever sent the newest turns) and at most this many
 * conversations an account can have for a device's copy to start a new one (as for documents).
 */
export const ARCHIVE_MAX_CHARS = 2_000_000;
export const MAX_ARCHIVES_PER_USER = 1000;
/** The largest body of PUT /api/chat/archives/:id: its turns at three UTF-8 bytes a character, plus the rest. */
export const ARCHIVE_MERGE_BODY_LIMIT = ARCHIVE_MERGE_MAX_TURNS * ARCHIVE_TURN_MAX_CHARS * 3 + 16 * 1024;

/**
 * PUT /api/chat/archives/:id: turns of a conversation kept on a device (answered offline there, or the
 * device's copy of one continued elsewhere) that the server's copy lacks. The server merges them into its
 * copy by turn id (mergeTurns), creating it with `context` when it has none.
 */
export const archiveMergeRequestSchema = z.strictObject({
  context: chatContextSchema,
  messages: z
    .array(
      z.strictObject({
        id: z.uuid(),
        role: chatRoleSchema,
        content: notBlank(ARCHIVE_TURN_MAX_CHARS),
        timestamp: z.iso.datetime(),
      }),
    )
    .min(1)
    .max(ARCHIVE_MERGE_MAX_TURNS),
});
export type ArchiveMergeRequest = z.infer<typeof archiveMergeRequestSchema>;
