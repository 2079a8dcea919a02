// The API project's setupFiles (vitest.config.ts). Tests sign up hundreds of users with the same password,
// and every scrypt at the production (OWASP) cost takes about 0.35 s of CPU. Within one test file a password
// is hashed once and each (password, stored hash) pair verified once, by the real functions; later calls get
// the same answers from memory. Only the salt is shared between the users of a file
// (src/modules/auth/password.test.ts checks fresh salts). Child processes of tests hash for real.
import { vi } from 'vitest';

vi.mock(import('../src/modules/auth/password'), async (importOriginal) => {
  const real = await importOriginal();
  const once = <T>(memo: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> => {
    let answer = memo.get(key);
    if (!answer) {
      answer = run();
      memo.set(key, answer);
      answer.catch(() => memo.delete(key));
    }
    return answer;
  };
  const hashes = new Map<string, Promise<string>>();
  const verdicts = new Map<string, Promise<boolean>>();
  return {
    ...real,
    hashPassword: (password) => once(hashes, password, () => real.hashPassword(password)),
    verifyPassword: (password, stored) => once(verdicts, `${password}\u0000${stored}`, () => real.verifyPassword(password, stored)),
  };
});
