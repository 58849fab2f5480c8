import os from 'node:os';
import nodemailer from 'nodemailer';
import { HEADER_UNSAFE_RE, isHeaderSafe } from '@bencao/contracts';

/**
 * Outgoing mail through the SMTP server of the environment (nodemailer): SMTP_HOST / SMTP_PORT /
 * SMTP_FROM (/ SMTP_USER / SMTP_PASS). Used by the gateway's alarms and the workflow's listeners and plugins.
 */

export interface Mail { to: string[]; subject: string; text: string; html?: string }
export interface Mailer { send(mail: Mail): Promise<void> }
export interface SmtpConfig { host: string; port: number; from: string; user?: string; pass?: string }

/** Mail through an SMTP server. */
export function smtpMailer(cfg: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: cfg.host, port: cfg.port, secure: cfg.port === 465,
    auth: cfg.user ? { user: cfg.user, pass: cfg.pass ?? '' } : undefined,
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      // Saved subjects are refused with control characters (validators' headerSafe), but a subject's
      // placeholders are filled from process data (business key, task names): those become spaces.
      const subject = mail.subject.replace(new RegExp(HEADER_UNSAFE_RE.source, 'g'), ' ');
      if (!mail.to.every(isHeaderSafe)) throw new Error('a mail address holds a control character');
      await transport.sendMail({ from: cfg.from, to: mail.to, subject, text: mail.text, html: mail.html });
    },
  };
}

/** The SMTP settings of the environment; null when SMTP_HOST is not set. */
export function readSmtpConfig(env: NodeJS.ProcessEnv = process.env): SmtpConfig | null {
  if (env.SMTP_FROM && !isHeaderSafe(env.SMTP_FROM)) throw new Error('SMTP_FROM must not contain control characters such as line breaks');
  return env.SMTP_HOST
    ? { host: env.SMTP_HOST, port: Number(env.SMTP_PORT ?? 25), from: env.SMTP_FROM || `bencao@${os.hostname()}`, user: env.SMTP_USER || undefined, pass: env.SMTP_PASS || undefined }
    : null;
}

const byConfig = new Map<string, Mailer>();
/** The mailer of the environment's current SMTP settings (one transport per distinct setting); null without SMTP. */
export function environmentMailer(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  const cfg = readSmtpConfig(env);
  if (!cfg) return null;
  const key = JSON.stringify(cfg);
  let m = byConfig.get(key);
  if (!m) { m = smtpMailer(cfg); byConfig.set(key, m); }
  return m;
}
