// Secrets at rest (client secrets, SMTP and LDAP passwords, signing keys) are sealed with
// AES-256-GCM. The key never lives in the database: it comes from SECRETS_KEY or a key file that is
// created on first start with mode 0600.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A sub-key for another purpose (cookie signing), derived so the master key is never reused. */
  derive(purpose: string): Buffer;
}

function loadKey(config: Config): Buffer {
  if (config.secretsKey) {
    const key = Buffer.from(config.secretsKey, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be the base64 encoding of 32 bytes');
    return key;
  }
  if (fs.existsSync(config.secretsKeyFile)) {
    const key = Buffer.from(fs.readFileSync(config.secretsKeyFile, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${config.secretsKeyFile} must hold the base64 encoding of 32 bytes`);
    return key;
  }
  fs.mkdirSync(path.dirname(config.secretsKeyFile), { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(config.secretsKeyFile, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

export function createSecrets(config: Config): Secrets {
  const key = loadKey(config);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
    derive(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32));
    },
  };
}
