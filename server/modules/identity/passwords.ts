// Passwords are hashed with argon2id (OWASP parameters: 19 MiB, 2 passes). A dummy hash is verified
// for unknown users so that "no such user" and "wrong password" take the same time.
import { hash, verify } from '@node-rs/argon2';

const options = {
  algorithm: 2 /* Argon2id; the enum is a const enum that type stripping cannot read */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with a null hash it spends the same effort and answers false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
