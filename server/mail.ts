// Outgoing mail through nodemailer. Without SMTP_URL each message is written as an .eml file to
// dataDir/outbox (tests and a developer read it there); with SMTP_URL it is sent.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import type { Mailer } from './context.ts';

export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');

export function createMailer(config: Config): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      if (!config.smtpUrl) {
        const dir = outboxDir(config);
        await fs.mkdir(dir, { recursive: true });
        const name = `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.eml`;
        await fs.writeFile(path.join(dir, name), (info as unknown as { message: Buffer }).message);
      }
    },
  };
}
