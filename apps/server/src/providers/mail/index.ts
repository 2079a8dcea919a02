import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Metrics } from '../../lib/metrics';
import { OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

/** One message: plain text and HTML of the same content. `link` is the action it carries (logged by the outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

/** A message made in the background: null sends nothing (for example: no account has that address). */
export type ComposeMail = () => Promise<MailMessage | null>;

/**
 * The mail port. `send` never throws into the request that asked for the mail: delivery happens in the
 * background (a slow or down SMTP server must not slow sign-up, nor reveal by timing whether a password-reset
 * address exists); failures are logged. Given a function, even composing the message (looking up the account,
 * issuing its link) happens after the answer. `idle` waits for everything in flight (shutdown, tests).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage | ComposeMail): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_MAIL_FROM = 'Yumi Studio <no-reply@localhost>';

/** SMTP when SMTP_URL and MAIL_FROM are both set; otherwise .eml files under DATA_DIR/mail. */
export function openMailer(config: Config, log: FastifyBaseLogger, metrics?: Metrics): Mailer {
  if (config.SMTP_URL && config.MAIL_FROM) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, log, metrics);
  if (config.SMTP_URL || config.MAIL_FROM) log.warn('Mail: SMTP_URL and MAIL_FROM must both be set for delivery; writing mail to DATA_DIR/mail instead.');
  return new OutboxMailer(config.DATA_DIR, config.MAIL_FROM ?? DEFAULT_MAIL_FROM, log, metrics);
}

/** The message itself, composing it first when it was given as a function. */
export const messageOf = async (message: MailMessage | ComposeMail): Promise<MailMessage | null> => (typeof message === 'function' ? message() : message);
