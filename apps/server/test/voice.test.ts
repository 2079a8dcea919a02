import { describe, expect, it } from 'vitest';
import { LANGUAGES, PERSONA_KEYS, PERSONAS, restyle } from '@yumi/core';
import { answerOffline } from '../src/providers/llm/local';
import { readHelpCorpus } from '../src/providers/llm/offline/corpus';

// Seven voices over the same facts: the whole answer changes with the personality, in four languages.
describe('personality voices', () => {
  const corpus = readHelpCorpus();
  const article = corpus.get('change-password')!;

  it('rewrites the whole article for each persona in every language, keeping names, numbers and links', () => {
    for (const language of LANGUAGES) {
      const body = article[language]!.body;
      const versions = new Map(PERSONA_KEYS.map((p) => [p, restyle(body, p, language)]));
      // Teacher keeps the polite original; the six others each differ from it and from each other.
      expect(versions.get('teacher'), language).toBe(body);
      expect(new Set(versions.values()).size, language).toBe(7);
      for (const [persona, text] of versions) {
        for (const fact of body.match(/\*\*[^*]+\*\*|\d+/g) ?? []) expect(text, `${language} ${persona}`).toContain(fact);
      }
      expect(versions.get('kuudere')).not.toMatch(/[!！]/);
    }
  });

  it('uses sentence endings of each voice', () => {
    const ja = article.ja!.body;
    expect(ja).toMatch(/します。/);
    expect(restyle(ja, 'classmate', 'ja')).toMatch(/するよ。/);
    expect(restyle(ja, 'tsundere', 'ja')).toMatch(/わよ。|んだからね。/);
    expect(restyle(ja, 'kuudere', 'ja')).not.toMatch(/ます。|です。/);
    expect(restyle(ja, 'genki', 'ja')).toMatch(/よ！/);
    const ko = article.ko!.body;
    expect(ko).toMatch(/합니다\./);
    expect(restyle(ko, 'classmate', 'ko')).toMatch(/해\./);
    expect(restyle(ko, 'imouto', 'ko')).toMatch(/해요~\./);
    expect(restyle(ko, 'kuudere', 'ko')).toMatch(/함\./);
    expect(restyle('请先打开您的账户页面。', 'classmate', 'zh')).toBe('先打开你的账户页面哦。');
    expect(restyle('You cannot undo it. It is gone.', 'genki', 'en')).toBe("You can't undo it. It's gone!");
  });

  it('changes the length: the kuudere answers with the steps only, the teacher with everything', () => {
    const kuudere = answerOffline('how do I change my password', PERSONAS.kuudere, 'main', 'en').text;
    const teacher = answerOffline('how do I change my password', PERSONAS.teacher, 'main', 'en').text;
    expect(kuudere.length).toBeLessThan(teacher.length * 0.7);
    expect(teacher).toContain('This browser stays signed in');
    expect(kuudere).not.toContain('This browser stays signed in');
  });
});
