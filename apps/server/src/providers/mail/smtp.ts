import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { InFlight } from './in-flight';
import { messageOf, type ComposeMail, type Mailer, type MailMessage } from './index';

/** Real delivery through an SMTP server (smtp:// with STARTTLS when offered, or smtps://). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;
  private readonly inFlight = new InFlight();

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // A pool keeps a few connections open instead of one handshake per message; timeouts bound a stuck server.
    this.transport = nodemailer.createTransport({ url, pool: true, maxConnections: 3, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  send(message: MailMessage | ComposeMail): void {
    this.inFlight.run(
      async () => {
        const mail = await messageOf(message);
        if (!mail) return;
        const { to, subject, text, html } = mail;
        await this.transport.sendMail({ from: this.from, to, subject, text, html });
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
