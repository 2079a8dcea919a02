import { describe, expect, it } from 'vitest';
import {
  alternativeConfidence,
  applyControlLevel,
  buildMemoryNudges,
  buildRefinementQuestions,
  canGenerateVersions,
  canRefine,
  computeConfidence,
  countWords,
  defaultControlSettings,
  emptyHistory,
  equationProblem,
  EQUATION_SYMBOLS,
  EQUATION_TEMPLATES,
  extractHashtags,
  fitForPlatform,
  formatKb,
  goalProgress,
  HISTORY_CAP,
  inspectZip,
  isSuggestionsLocked,
  normalizeHistory,
  parseScene,
  pushCapped,
  recordHistory,
  refinementChips,
  rewriteTone,
  shareUrl,
  sniffUpload,
  textStats,
  toBlogMarkdown,
  toneOfOption,
  toRenpy,
  continuePrompt,
} from '../index';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('control levels (§4)', () => {
  const base = defaultControlSettings('writing');
  it('defaults: balanced, otaku for writing and teacher for report, all on', () => {
    expect(base).toEqual({ level: 'balanced', yumiPersonality: 'otaku', allowSuggestions: true, memoryNudges: true, iterativeMode: true });
    expect(defaultControlSettings('report').yumiPersonality).toBe('teacher');
  });
  it('precise turns suggestions and iterative mode off and locks suggestions', () => {
    const s = applyControlLevel(base, 'precise');
    expect(s).toMatchObject({ level: 'precise', allowSuggestions: false, iterativeMode: false, memoryNudges: true });
    expect(isSuggestionsLocked('precise')).toBe(true);
    expect(isSuggestionsLocked('balanced')).toBe(false);
  });
  it('balanced turns both on; freestyle allows suggestions, no iterating, no memory nudges', () => {
    expect(applyControlLevel(applyControlLevel(base, 'precise'), 'balanced')).toMatchObject({ allowSuggestions: true, iterativeMode: true, memoryNudges: true });
    expect(applyControlLevel(base, 'freestyle')).toMatchObject({ allowSuggestions: true, iterativeMode: false, memoryNudges: false });
  });
  it('generate versions needs non-blank text and iterative mode', () => {
    expect(canGenerateVersions('  \n ', base)).toBe(false);
    expect(canGenerateVersions('hello', base)).toBe(true);
    expect(canGenerateVersions('hello', applyControlLevel(base, 'freestyle'))).toBe(false);
  });
  it('refinement is honoured at balanced or with suggestions allowed', () => {
    expect(canRefine({ level: 'precise', allowSuggestions: false })).toBe(false);
    expect(canRefine({ level: 'balanced', allowSuggestions: false })).toBe(true);
    expect(canRefine({ level: 'freestyle', allowSuggestions: true })).toBe(true);
  });
});

describe('confidence formula (§9)', () => {
  const none = { recentThemes: [], favoriteStyles: [] };
  it('adds up the spec terms', () => {
    expect(computeConfidence({ level: 'freestyle', yumiPersonality: 'none' }, none)).toBe(0.5);
    expect(computeConfidence({ level: 'precise', yumiPersonality: 'none' }, none)).toBe(0.8);
    expect(computeConfidence({ level: 'balanced', yumiPersonality: 'otaku' }, none)).toBe(0.8);
    expect(computeConfidence({ level: 'balanced', yumiPersonality: 'none' }, { recentThemes: ['x'], favoriteStyles: [] })).toBe(0.8);
    expect(computeConfidence({ level: 'freestyle', yumiPersonality: 'genki' }, { recentThemes: ['x'], favoriteStyles: ['y'] })).toBe(0.8);
  });
  it('is capped at 1', () => {
    expect(computeConfidence({ level: 'precise', yumiPersonality: 'otaku' }, { recentThemes: ['a'], favoriteStyles: ['b'] })).toBe(1);
  });
  it('main 0.8 gives the alternative 0.7', () => {
    expect(alternativeConfidence(0.8)).toBe(0.7);
  });
});

describe('history caps', () => {
  it('keeps newest first, at most 10, without duplicates', () => {
    let list: string[] = [];
    for (let i = 0; i < 15; i += 1) list = pushCapped(list, `theme ${i}`);
    expect(list).toHaveLength(HISTORY_CAP);
    expect(list[0]).toBe('theme 14');
    expect(list.at(-1)).toBe('theme 5');
    list = pushCapped(list, 'THEME 9');
    expect(list[0]).toBe('THEME 9');
    expect(list.filter((x) => x.toLowerCase() === 'theme 9')).toHaveLength(1);
    expect(list).toHaveLength(10);
  });
  it('records into the named list and repairs stored junk', () => {
    const h = recordHistory(emptyHistory(), 'preferredMoods', 'cozy');
    expect(h.preferredMoods).toEqual(['cozy']);
    const fixed = normalizeHistory({ recentThemes: ['a', 3, '', ...Array(20).fill('b')], favoriteStyles: 'nope' });
    expect(fixed.recentThemes).toHaveLength(10);
    expect(fixed.favoriteStyles).toEqual([]);
  });
});

describe('refinement questions and nudges', () => {
  const settings = { yumiPersonality: 'otaku' as const };
  it('asks mood, style, detail, theme and personality with 4 moods and 5 personas', () => {
    const qs = buildRefinementQuestions('The rain fell on the station.', settings, { recentThemes: [] });
    expect(qs.map((q) => q.type).sort()).toEqual(['detail', 'mood', 'personality', 'style', 'theme']);
    expect(qs.find((q) => q.type === 'mood')!.options).toHaveLength(4);
    const personas = qs.find((q) => q.type === 'personality')!.options;
    expect(personas).toHaveLength(5);
    expect(personas.map((o) => o.id)).not.toContain('persona-otaku');
    expect(qs[0]!.priority).toBe('high');
  });
  it('shows at most 6 chips, highest priority first', () => {
    const qs = buildRefinementQuestions('Short.', settings, { recentThemes: ['space'] });
    const chips = refinementChips(qs);
    expect(chips).toHaveLength(6);
    expect(chips[0]!.type).toBe(qs[0]!.type);
    expect(qs.find((q) => q.type === 'theme')!.options[0]!.label).toBe('space');
  });
  it('a style option maps to a tone', () => {
    expect(toneOfOption('tone-humorous')).toBe('humorous');
    expect(toneOfOption('mood-happy')).toBeNull();
  });
  it('memory nudges come from history and are off when disabled', () => {
    const h = { ...emptyHistory(), recentThemes: ['dragons', 'tea'], preferredMoods: ['cozy'] };
    const nudges = buildMemoryNudges(h, true);
    expect(nudges.map((n) => n.type)).toEqual(['theme', 'mood']);
    expect(nudges[0]!.relatedHistory[0]).toBe('dragons');
    expect(buildMemoryNudges(h, false)).toEqual([]);
  });
});

describe('tone rewrites', () => {
  it('formal expands contractions and calms exclamations', () => {
    expect(rewriteTone("I'm sure it's fine, don't worry!", 'formal')).toBe('I am sure it is fine, do not worry.');
  });
  it('casual contracts', () => {
    expect(rewriteTone('I am sure it is fine. However, we will see.', 'casual')).toBe("I'm sure it's fine. But, we will see.");
  });
  it('emotional and humorous append', () => {
    expect(rewriteTone('A day.', 'emotional', { emotional: 'E!', humorous: 'H!' })).toBe('A day.\n\nE!');
    expect(rewriteTone('A day.', 'humorous', { emotional: 'E!', humorous: 'H!' })).toBe('A day.\n\nH!');
    expect(rewriteTone('   ', 'humorous')).toBe('   ');
  });
});

describe('text statistics', () => {
  it('counts latin and CJK words and code points', () => {
    expect(countWords("Hello, world! It's me.")).toBe(4);
    expect(countWords('今日は晴れ')).toBe(5);
    expect(textStats('😀😀').characters).toBe(2);
  });
  it('computes sentence length, variety and a readability grade', () => {
    const s = textStats('The cat sat on the mat. The cat was happy. It purred all day long.');
    expect(s.sentences).toBe(3);
    expect(s.avgSentenceWords).toBe(5);
    expect(s.lexicalVariety).toBeGreaterThan(0.5);
    expect(s.lexicalVariety).toBeLessThan(1);
    expect(s.readabilityGrade).not.toBeNull();
    expect(s.readabilityGrade!).toBeLessThan(5);
    expect(textStats('猫が座った。').readabilityGrade).toBeNull();
  });
  it('extracts hashtags without numbers or duplicates', () => {
    expect(extractHashtags('#Anime is #anime, issue #12 and #夏祭り x#no')).toEqual(['anime', '夏祭り']);
  });
});

describe('social sharing', () => {
  it('prefills where the site allows and copies where it does not', () => {
    expect(shareUrl('microblog', 'hi & bye')).toEqual({ url: 'https://x.com/intent/post?text=hi%20%26%20bye', copy: false });
    expect(shareUrl('photo', 'caption').copy).toBe(true);
    expect(shareUrl('microblog', 'x'.repeat(9000)).copy).toBe(true);
  });
  it('measures the text against the limit', () => {
    expect(fitForPlatform('microblog', 'a'.repeat(281))).toEqual({ used: 281, limit: 280, over: true });
    expect(fitForPlatform('blog', 'a'.repeat(99999)).over).toBe(false);
  });
});

describe('galgame scenes', () => {
  const scene = parseScene('Rooftop', 'Yumi: Hi "senpai" [wave]\nThe wind blows.\n? What now?\n> Stay | Leave');
  it('parses speakers, narration and choices', () => {
    expect(scene.lines).toEqual([
      { kind: 'say', speaker: 'Yumi', text: 'Hi "senpai" [wave]' },
      { kind: 'narration', text: 'The wind blows.' },
      { kind: 'choice', prompt: 'What now?', options: ['Stay', 'Leave'] },
    ]);
  });
  it('exports Ren\'Py with escaped strings and a menu', () => {
    const rpy = toRenpy(scene);
    expect(rpy).toContain('define yumi_1 = Character("Yumi")');
    expect(rpy).toContain('    yumi_1 "Hi \\"senpai\\" [[wave]"');
    expect(rpy).toContain('    menu:\n        "What now?"\n        "Stay":');
  });
  it('exports Markdown with no raw HTML', () => {
    const md = toBlogMarkdown(parseScene('<b>T</b>', 'A: <script>x</script>'));
    expect(md).not.toMatch(/<script>/);
    expect(md).toContain('# \\<b\\>T\\</b\\>');
  });
});

describe('uploads and equations', () => {
  it('formats KB with one decimal and sniffs by magic bytes', () => {
    expect(formatKb(1536)).toBe('1.5 KB');
    expect(sniffUpload('fake.pdf', ascii('hello world'))).toBe('unsupported');
    expect(sniffUpload('real.pdf', ascii('%PDF-1.7'))).toBe('pdf');
    expect(sniffUpload('notes.txt', ascii('plain notes'))).toBe('text');
  });
  it('refuses a zip whose entries inflate past the limits', () => {
    // A central directory with one entry claiming 1 GiB uncompressed.
    const cd = new Uint8Array(46 + 4);
    const v = new DataView(cd.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint32(24, 1024 * 1024 * 1024, true);
    v.setUint16(28, 4, true);
    const eocd = new Uint8Array(22);
    const e = new DataView(eocd.buffer);
    e.setUint32(0, 0x06054b50, true);
    e.setUint16(10, 1, true);
    e.setUint32(16, 0, true);
    const zip = new Uint8Array([...cd, ...eocd]);
    expect(inspectZip(zip)).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(inspectZip(new Uint8Array(100)).reason).toBe('notZip');
  });
  it('has 20 symbols, 8 templates and flags links and markup commands, never the less-than sign', () => {
    expect(EQUATION_SYMBOLS).toHaveLength(20);
    expect(EQUATION_TEMPLATES).toHaveLength(8);
    expect(equationProblem('\\href{javascript:alert(1)}{x}')).toBe('unsafe');
    expect(equationProblem('\\htmlClass{x}{y}')).toBe('unsafe');
    expect(equationProblem('\\includegraphics{a.png}')).toBe('unsafe');
    expect(equationProblem('a < b')).toBeNull();
    expect(equationProblem('a<b')).toBeNull();
    expect(equationProblem('0<x<1, p<q')).toBeNull();
    expect(equationProblem('\\frac{a}{b}')).toBeNull();
  });
  it('chapter progress and prompts', () => {
    expect(goalProgress(500, 2000)).toBe(0.25);
    expect(goalProgress(5000, 2000)).toBe(1);
    expect(continuePrompt('a'.repeat(10000), '', 'precise')).toContain('Stay very close');
  });
});

describe('word diff', () => {
  it('marks removed and added words and keeps the rest', async () => {
    const { diffWords } = await import('./diff');
    expect(diffWords('the quiet rain', 'the loud rain')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quiet' },
      { kind: 'added', text: 'loud' },
      { kind: 'same', text: ' rain' },
    ]);
  });
});
