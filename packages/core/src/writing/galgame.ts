/** Visual-novel scenes for the galgame-blog tool, exported to Ren'Py and Markdown. */
export type SceneLine =
  | { kind: 'say'; speaker: string; text: string }
  | { kind: 'narration'; text: string }
  | { kind: 'choice'; prompt: string; options: string[] };

export interface Scene {
  title: string;
  lines: SceneLine[];
}

/**
 * Parses the tool's plain script: "Name: words" is a spoken line, "> a | b | c" (optionally after
 * "? prompt") a choice, anything else narration. Blank lines separate nothing; they are skipped.
 */
export function parseScene(title: string, source: string): Scene {
  const lines: SceneLine[] = [];
  let pendingPrompt = '';
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('?')) {
      pendingPrompt = line.slice(1).trim();
      continue;
    }
    if (line.startsWith('>')) {
      const options = line.slice(1).split('|').map((s) => s.trim()).filter(Boolean);
      if (options.length) lines.push({ kind: 'choice', prompt: pendingPrompt, options });
      pendingPrompt = '';
      continue;
    }
    if (pendingPrompt) {
      lines.push({ kind: 'narration', text: pendingPrompt });
      pendingPrompt = '';
    }
    const say = /^([^:：]{1,40})[:：]\s*(.+)$/u.exec(line);
    if (say && !/^https?$/i.test(say[1]!.trim())) lines.push({ kind: 'say', speaker: say[1]!.trim(), text: say[2]!.trim() });
    else lines.push({ kind: 'narration', text: line });
  }
  if (pendingPrompt) lines.push({ kind: 'narration', text: pendingPrompt });
  return { title: title.trim() || 'Untitled scene', lines };
}

/** Ren'Py string escaping: backslash and quote, and doubled [ { which would start interpolation or tags. */
export function renpyString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\[/g, '[[').replace(/\{/g, '{{').replace(/%/g, '\\%')}"`;
}

/** Ren'Py identifiers: ascii letters, digits and underscores, not starting with a digit. */
function characterId(name: string, index: number): string {
  const ascii = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return ascii && !/^\d/.test(ascii) ? `${ascii.slice(0, 24)}_${index}` : `c_${index}`;
}

export function toRenpy(scene: Scene): string {
  const speakers = [...new Set(scene.lines.flatMap((l) => (l.kind === 'say' ? [l.speaker] : [])))];
  const ids = new Map(speakers.map((s, i) => [s, characterId(s, i + 1)]));
  const out: string[] = [`# ${scene.title.replace(/\n/g, ' ')}`, '# Exported from Yumi Studio'];
  for (const s of speakers) out.push(`define ${ids.get(s)} = Character(${renpyString(s)})`);
  out.push('', 'label start:');
  let choiceNo = 0;
  for (const line of scene.lines) {
    if (line.kind === 'say') out.push(`    ${ids.get(line.speaker)} ${renpyString(line.text)}`);
    else if (line.kind === 'narration') out.push(`    ${renpyString(line.text)}`);
    else {
      choiceNo += 1;
      out.push('    menu:');
      if (line.prompt) out.push(`        ${renpyString(line.prompt)}`);
      line.options.forEach((o, i) => {
        out.push(`        ${renpyString(o)}:`);
        out.push(`            $ choice_${choiceNo} = ${i + 1}`);
      });
    }
  }
  out.push('    return', '');
  return out.join('\n');
}

/** Markdown escaping for text placed inside a post (no raw HTML, no accidental formatting). */
export function markdownText(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+!|<>~-])/g, '\\$1');
}

export function toBlogMarkdown(scene: Scene): string {
  const out: string[] = [`# ${markdownText(scene.title)}`, ''];
  for (const line of scene.lines) {
    if (line.kind === 'say') out.push(`**${markdownText(line.speaker)}**: 「${markdownText(line.text)}」`, '');
    else if (line.kind === 'narration') out.push(`*${markdownText(line.text)}*`, '');
    else {
      if (line.prompt) out.push(`> ${markdownText(line.prompt)}`, '>');
      for (const o of line.options) out.push(`> - ${markdownText(o)}`);
      out.push('');
    }
  }
  return out.join('\n').replace(/\n+$/, '\n');
}
