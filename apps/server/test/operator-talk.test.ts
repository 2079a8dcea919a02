import { describe, expect, it } from 'vitest';
import { LANGUAGES, PERSONA_KEYS, PERSONAS, type Language } from '@yumi/core';
import { answerOffline } from '../src/providers/llm/local';

/** Server settings (the help corpus test's rule): environment variables, keys, .env. */
const OPERATOR_TALK = /[A-Z][A-Z0-9]*_(?:API_KEY|URL|KEY|SECRET|EMAILS|DIR|MODE|BYTES)\b|environment variable|環境変数|环境变量|환경 ?변수|\.env\b/;

const CONNECT: Record<Language, string[]> = {
  en: ['how do I connect a language model like Ollama', 'how do i hook up my own llm server', 'Write me a poem about the sea'],
  ja: ['Ollamaなどの言語モデルを接続するには', '自分のLLMサーバーをつなぎたい', '海についての詩を書いて'],
  zh: ['怎么连接Ollama之类的语言模型', '我想接入自己的大模型服务器', '帮我写一首关于大海的诗'],
  ko: ['Ollama 같은 언어 모델을 연결하려면', '내 LLM 서버를 연결하고 싶어', '바다에 관한 시를 써 줘'],
};

describe('no operator talk to users', () => {
  it('end users asking how to connect models hear “ask the administrator”, never a server setting, in every language and voice', () => {
    for (const language of LANGUAGES) {
      for (const question of CONNECT[language]) {
        for (const key of PERSONA_KEYS) {
          const { text } = answerOffline(question, PERSONAS[key], 'main', language, false);
          expect(text, `${language} ${key}: ${question}`).not.toMatch(OPERATOR_TALK);
        }
      }
    }
  });

  it('admins get the operator article: the admin page’s Connections and the environment variables', () => {
    for (const language of LANGUAGES) {
      const { text } = answerOffline(CONNECT[language][0]!, PERSONAS.teacher, 'main', language, true);
      expect(text, language).toContain('(/admin)');
      expect(text, language).toMatch(/OPENAI_COMPATIBLE_BASE_URL/);
    }
  });
});
