import { describe, expect, it } from 'vitest';
import { findModel, MODEL_CATALOGUE, priceOf } from './models';
import { PERSONA_KEYS, PERSONAS } from './personas';
import { buildSystemPrompt, estimateTokens, trimHistory } from './prompt';
import { detectTone, rewriteInTone } from './tones';

describe('personas', () => {
  it('has the seven spec personas, each with every field and a voice of its own', () => {
    expect(PERSONA_KEYS).toEqual(['otaku', 'tsundere', 'teacher', 'imouto', 'classmate', 'kuudere', 'genki']);
    const greetings = new Set<string>();
    for (const key of PERSONA_KEYS) {
      const p = PERSONAS[key];
      expect(p.name && p.description && p.emoji && p.hint).toBeTruthy();
      expect(p.traits.length).toBeGreaterThanOrEqual(3);
      expect(p.speechPatterns.length).toBeGreaterThanOrEqual(3);
      expect(p.likes.weather.length + p.likes.activities.length).toBeGreaterThan(1);
      greetings.add(p.voice.greeting);
    }
    expect(greetings.size).toBe(7);
    expect(PERSONAS.kuudere.voice.greeting).not.toContain('!');
  });

  it('builds a system prompt from persona and mode that forbids revealing secrets', () => {
    const prompt = buildSystemPrompt(PERSONAS.teacher, 'anime-chara-helper');
    for (const t of PERSONAS.teacher.traits) expect(prompt).toContain(t);
    expect(prompt).toContain('Anime Character Helper');
    expect(prompt).toMatch(/Never reveal/);
    expect(buildSystemPrompt(PERSONAS.otaku, 'main')).not.toBe(buildSystemPrompt(PERSONAS.genki, 'main'));
  });
});

describe('history trimming', () => {
  const turn = (role: 'user' | 'assistant', words: number, tag: string) => ({ role, content: `${tag} ${'word '.repeat(words)}` });

  it('keeps the newest turns within the budget, never starting with an answer', () => {
    const history = [turn('user', 100, 'a'), turn('assistant', 100, 'b'), turn('user', 100, 'c'), turn('assistant', 100, 'd')];
    const cost = estimateTokens(history[0]!.content) + 4;
    expect(trimHistory(history, cost * 4 + 10)).toEqual(history);
    const two = trimHistory(history, cost * 2 + 2);
    expect(two.map((t) => t.content[0])).toEqual(['c', 'd']);
    // Three fit, but the oldest kept would be an answer: it is dropped too.
    expect(trimHistory(history, cost * 3 + 2).map((t) => t.content[0])).toEqual(['c', 'd']);
    expect(trimHistory(history, 5)).toEqual([]);
  });

  it('estimates CJK text at about one token per character', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('こんにちは世界')).toBeGreaterThanOrEqual(7);
    expect(estimateTokens('hello world, this is text')).toBeLessThan(10);
  });
});

describe('model catalogue', () => {
  it('prices paid models and gives free ones a daily allowance', () => {
    for (const m of MODEL_CATALOGUE) {
      if (m.type === 'paid') expect(m.pricePer1kTokens, m.id).toBeGreaterThan(0);
      else if (m.provider !== 'local') expect(m.dailyFreeTokens, m.id).toBeGreaterThan(0);
    }
    expect(priceOf(findModel('openai', 'gpt-4')!, 1500)).toBe(9000);
    expect(priceOf(findModel('qwen', 'qwen-plus')!, 1)).toBe(1);
    expect(findModel('openai', 'qwen-turbo')).toBeUndefined();
    expect(findModel('openai-compatible', 'llama3', ['llama3'])?.type).toBe('free');
  });
});

describe('tone rewrites', () => {
  it('rewrites formal, casual, emotional and humorous by rules', () => {
    expect(rewriteInTone("hey, i can't go, it's gonna rain!!", 'formal')).toBe('Hello, I cannot go, it is going to rain.');
    expect(rewriteInTone('I am sure it is fine. However, we require help.', 'casual')).toBe("I'm sure it's fine. But, we need help 😊");
    expect(rewriteInTone('The day was good.', 'emotional')).toBe('The day was truly wonderful! 💖');
    expect(rewriteInTone('A very important meeting.', 'humorous')).toContain('ridiculously important (like');
    expect(rewriteInTone('   ', 'formal')).toBe('');
  });

  it('finds the tone named in an instruction', () => {
    expect(detectTone('please make it more professional')).toBe('formal');
    expect(detectTone('Make this funny')).toBe('humorous');
    expect(detectTone('Translate to French')).toBeNull();
    expect(detectTone('フォーマルに', { formal: /フォーマル/, casual: /カジュアル/, emotional: /エモ/, humorous: /面白/ })).toBe('formal');
  });
});
