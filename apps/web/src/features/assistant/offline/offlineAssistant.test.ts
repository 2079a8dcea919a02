import { FAQ, LANGUAGES, PERSONAS, type AssistantMode, type ChatContext, type Language, type OfflineAnswer, type Persona } from '@yumi/core';
import { describe, expect, it } from 'vitest';
import { answerInBrowser } from './offlineAssistant';

type ServerAnswer = (message: string, persona: Persona, mode: AssistantMode, language: Language, admin: boolean) => OfflineAnswer;
// The server's offline provider itself (its own corpus reader and FAQ texts), loaded at run time so the web
// project's type check does not take in the server's sources.
const SERVER_PROVIDER = '../../../../../server/src/providers/llm/local.ts';
const serverAnswer = async (): Promise<ServerAnswer> => ((await import(/* @vite-ignore */ SERVER_PROVIDER)) as { answerOffline: ServerAnswer }).answerOffline;

// The helper namespace the browser reads the FAQ answer from (i18next in the app).
const helpers = import.meta.glob<{ faq?: { items?: Record<string, { a: string }> } }>('../../../../public/locales/*/helper.json', { eager: true, import: 'default' });
const connectSteps = (language: Language) =>
  helpers[`../../../../public/locales/${language}/helper.json`]?.faq?.items?.['models-connect']?.a ?? FAQ.find((f) => f.id === 'models-connect')!.answer;

// An answer with buttons, an unsure one (three closest topics), English names on any screen, a request for a model, a greeting.
const QUESTIONS: Record<Language, string[]> = {
  en: ['How do I export a PDF?', 'how do I change my password', 'layers', 'Write me a poem about spring', 'hello', 'tsundere tone bibliography colour'],
  ja: ['PDFを書き出すには？', 'パスワードを変更するには？', 'my account', '春の詩を書いて', 'こんにちは', 'レイヤー 色 引用'],
  zh: ['怎么导出 PDF？', '如何修改密码？', 'my account', '写一首关于春天的诗', '你好', '图层 颜色 引用'],
  ko: ['PDF로 내보내려면?', '비밀번호를 바꾸려면?', 'my account', '봄에 관한 시를 써 줘', '안녕하세요', '레이어 색상 인용'],
};

describe('the offline assistant in the browser', () => {
  it('gives the answers of the server’s offline provider, in four languages and two personalities', async () => {
    const server = await serverAnswer();
    const kinds = new Set<string>();
    let links = 0;
    for (const language of LANGUAGES) {
      for (const personality of ['teacher', 'tsundere'] as const) {
        const context: ChatContext = { provider: 'local', model: 'yumi-offline', personality, mode: 'main' };
        for (const message of QUESTIONS[language]) {
          const browser = await answerInBrowser({ message, context, language, admin: false, connectSteps: connectSteps(language) });
          expect(browser, `${language}/${personality}: ${message}`).toEqual(server(message, PERSONAS[personality], 'main', language, false));
          kinds.add(browser.kind);
          if (/\]\(\//.test(browser.text)) links += 1; // A button to a screen or tool.
        }
      }
    }
    // The set covers answers with buttons and the honest "not sure" case, not only one kind.
    expect([...kinds]).toEqual(expect.arrayContaining(['answer', 'unsure', 'needs-model', 'greeting']));
    expect(links).toBeGreaterThan(0);
  });
});
