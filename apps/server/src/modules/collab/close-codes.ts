/**
 * Why the server closed a live document, as a WebSocket close code the web app turns into a message in the
 * user's language (a close frame's reason is at most 123 bytes and in no language; the code is the contract).
 */
export const CLOSE = {
  signedOut: { code: 4401, reason: 'signed-out' },
  noAccess: { code: 4404, reason: 'no-access' },
  accessRemoved: { code: 4403, reason: 'access-removed' },
  tooLarge: { code: 4413, reason: 'too-large' },
  tooFast: { code: 4429, reason: 'too-fast' },
  tooManyConnections: { code: 4430, reason: 'too-many-connections' },
  malformed: { code: 4400, reason: 'malformed' },
} as const;

/** A refusal Hocuspocus turns into a close with this code and reason. */
export function refusal(why: { code: number; reason: string }): Error & { code: number; reason: string } {
  return Object.assign(new Error(why.reason), why);
}

/** A plain GET of /api/collab (no WebSocket upgrade). */
export const UPGRADE_REQUIRED = {
  en: 'This address is for live editing over a WebSocket connection.',
  ja: 'このアドレスは WebSocket 接続によるリアルタイム共同編集用です。',
  zh: '此地址用于通过 WebSocket 连接进行实时协作编辑。',
  ko: '이 주소는 WebSocket 연결을 통한 실시간 공동 편집용입니다.',
} as const;
