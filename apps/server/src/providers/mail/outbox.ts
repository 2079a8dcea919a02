import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Metrics } from '../../lib/metrics';
import { InFlight } from './in-flight';
import { messageOf, type ComposeMail, type Mailer, type MailMessage } from './index';

/**
 * The offline default: nodemailer builds the RFC 822 message and it is written to
 * DATA_DIR/mail/<time>-<id>.eml, with a log line carrying its link, so a fresh `npm start` works end to end.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  private readonly inFlight;
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    metrics?: Metrics,
  ) {
    this.inFlight = new InFlight((outcome) => metrics?.mail(this.kind, outcome));
    this.dir = join(dataDir, 'mail');
  }

  send(message: MailMessage | ComposeMail): void {
    this.inFlight.run(
      async () => {
        const mail = await messageOf(message);
        if (!mail) return false;
        const { to, subject, text, html, link } = mail;
        const info = await this.transport.sendMail({ from: this.from, to, subject, text, html });
        await mkdir(this.dir, { recursive: true });
        const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        this.log.info({ file, link }, 'mail written to the outbox (set SMTP_URL and MAIL_FROM to deliver it)');
        return true;
      },
      (err) => this.log.error({ err: err.message }, 'writing mail to the outbox failed'),
    );
  }

  idle(): Promise<void> {
    return this.inFlight.idle();
  }

  async close(): Promise<void> {
    await this.idle();
  }
}
