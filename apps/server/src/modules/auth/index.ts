/** The auth module as the rest of the server sees it: other modules and app.ts import only from here. */
export { accountMailRoutes } from './account-mail-routes';
export { maskedIp } from './client-ip';
export { type AccountNotice } from './mail-messages';
export { sendAccountNotice } from './notices';
export { hashPassword, verifyPassword } from './password';
export { findUserByEmail } from './repository';
export { effectiveRole } from './roles';
export { authRoutes } from './routes';
export { SESSION_REVOKED_CHANNEL, forgetCachedUser, onSessionRevoked, toUser, userForToken } from './service';
export { SessionCache } from './session-cache';
export { hashToken } from './tokens';
export { openTotpKey, resealTotpKeys, sealTotpKey } from './totp-keys';
export { newTotpSecret, totpSetup, verifyTotp } from './totp';
export { SECOND_STEP_LIMIT, checkSecondStep, replaceRecoveryCodes, twoStepOn } from './two-step';
