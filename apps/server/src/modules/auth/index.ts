/** The auth module as the rest of the server sees it: other modules and app.ts import only from here. */
export { accountMailRoutes } from './account-mail-routes';
export { type AccountNotice } from './mail-messages';
export { publicOrigin } from './email-verification';
export { sendAccountNotice } from './notices';
export { hashPassword } from './password';
export { checkPassword } from './reauth';
export { anonymizeUser, contactsByIds, findUserByEmail, findUserById, setPasswordHash, setUsername, usernamesByIds } from './repository';
export { authRoutes } from './routes';
export { SESSION_REVOKED_CHANNEL, forgetCachedUser, onSessionRevoked, toUser, userForToken } from './service';
export { SessionCache } from './session-cache';
export { sessionRoutes } from './session-routes';
export { openTotpKey, resealTotpKeys, sealTotpKey } from './totp-keys';
export { newTotpSecret, totpSetup, verifyTotp } from './totp';
export { disableTwoStep, enableTotp, recoveryCodesLeft, replaceRecoveryCodes, SECOND_STEP_LIMIT, setPendingTotpKey, checkSecondStep, twoStepOn } from './two-step';
export { endOtherSessions } from './user-sessions';
