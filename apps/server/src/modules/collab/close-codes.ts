import { COLLAB_CLOSE } from '@yumi/core';

/** Why the server closed a live document: the shared close codes. */
export const CLOSE = COLLAB_CLOSE;

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
