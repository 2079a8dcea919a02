import type { LocalizedText } from '../../lib/language';

/** Texts of the storage module, in the caller's language (HttpError picks one). */
export const STORAGE_MESSAGES = {
  quotaExceeded: {
    en: 'Your storage is full ({used} of {quota} used). Delete images or characters you no longer need, then try again.',
    ja: '保存容量がいっぱいです（{quota} 中 {used} を使用）。不要になった画像やキャラクターを削除してから、もう一度お試しください。',
    zh: '存储空间已满（已用 {used}，共 {quota}）。请删除不再需要的图片或角色后重试。',
    ko: '저장 공간이 가득 찼습니다({quota} 중 {used} 사용). 더 이상 필요 없는 이미지나 캐릭터를 삭제한 뒤 다시 시도해 주세요.',
  },
} satisfies Record<string, LocalizedText>;
