import { describe, expect, it } from 'vitest';
import { isValidEmail, validateAuthForm } from './auth';
import { signupRequestSchema } from './auth-schemas';

describe('sign-in form rules', () => {
  it('requires a valid email and a 6-character password', () => {
    expect(validateAuthForm('signin', { email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
    expect(validateAuthForm('signin', { email: 'nope', password: '12345' })).toEqual({ email: 'invalidEmail', password: 'tooShort' });
    expect(validateAuthForm('signin', { email: 'a@b.co', password: '123456' })).toEqual({});
  });

  it('blocks sign-up when the confirmation differs', () => {
    const errors = validateAuthForm('signup', { email: 'a@b.co', username: 'yumi', password: 'secret1', confirmPassword: 'secret2' });
    expect(errors).toEqual({ confirmPassword: 'mismatch' });
    expect(validateAuthForm('signup', { email: 'a@b.co', password: 'secret1' })).toMatchObject({ username: 'required', confirmPassword: 'required' });
  });

  it('names the username rule that failed, agreeing with the server schema', () => {
    const form = (username: string) => validateAuthForm('signup', { email: 'a@b.co', username, password: 'secret1', confirmPassword: 'secret1' }).username;
    expect(form('Mary Jane')).toBe('usernameChars');
    expect(form('M')).toBe('tooShort');
    expect(form('m'.repeat(33))).toBe('tooLong');
    expect(form('mary.jane-99_ハナ')).toBeUndefined();
    for (const username of ['Mary Jane', 'M', 'm'.repeat(33), 'mary.jane-99_ハナ', 'a<b>']) {
      const server = signupRequestSchema.safeParse({ email: 'a@b.co', username, password: 'secret123' }).success;
      expect(form(username) === undefined, username).toBe(server);
    }
  });

  it('uses the same email rule as the server schema', () => {
    for (const email of ['a@b.co', 'first.last+tag@example.org', 'bad', 'a@b', '.a@b.co', 'a..b@c.io', `${'a'.repeat(250)}@b.co`]) {
      const server = signupRequestSchema.safeParse({ email, username: 'yumi', password: 'secret123' }).success;
      expect(isValidEmail(email), email).toBe(server);
    }
  });
});
