import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Metrics } from '../../lib/metrics';
import { InFlight } from './in-flight';
import { messageOf, type ComposeMail, type Mailer, type MailMessage } from './index';

/** Real delivery through an SMTP server (smtp:// with STARTTLS when offered, or smtps://). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;
  private readonly inFlight;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    metrics?: Metrics,
  ) {
    this.inFlight = new InFlight((outcome) => metrics?.mail(this.kind, outcome));
    // A pool keeps a few connections open instead of one handshake per message; timeouts bound a stuck server.
    this.transport = nodemailer.createTransport({ url, pool: true, maxConnections: 3, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  send(message: MailMessage | ComposeMail): void {
    this.inFlight.run(
      async () => {
        const mail = await messageOf(message);
        if (!mail) return false;
        const { to, subject, text, html } = mail;
        await this.transport.sendMail({ from: this.from, to, subject, text, html });
        return true;
      },
      (err) => this.log.error({ err: err.message }, 'mail delivery failed'),
    );
  }

  idle(): Promise<void> {
    return this.inFlight.idle();
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport.close();
  }
}
