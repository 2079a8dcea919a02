import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

type Auth = Record<string, string>;

export async function pngDataUrl(width: number, height: number, background: string): Promise<string> {
  const buf = await sharp({ create: { width, height, channels: 4, background } }).png().toBuffer();
  return `data:image/png;base64,${buf.toString('base64')}`;
}

async function layers(color: string) {
  return {
    width: 40,
    height: 30,
    activeLayerIndex: 1,
    layers: [
      { name: 'Background', visible: true, opacity: 100, blendMode: 'normal', locked: false, image: await pngDataUrl(40, 30, '#ffffff') },
      { name: 'Line art', visible: true, opacity: 80, blendMode: 'multiply', locked: false, image: await pngDataUrl(40, 30, color) },
    ],
  };
}

/**
 * An account with some of everything the account page exports and deletes: a writing document, a report
 * with references and a figure, a character with two versions of layers, and an assistant chat.
 */
export async function fillAccount(t: TestApp, auth: Auth) {
  const inject = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: auth, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const doc = await inject('POST', '/api/documents', { title: 'My story', content: 'Once upon a time.' });
  const report = await inject('POST', '/api/documents', { kind: 'report', title: 'Protein report', content: '# Proteins\n\nSee [@smith2020].' });
  await inject('PUT', `/api/report/meta/${report.id}`, {
    references: [{ id: 'smith2020', type: 'article-journal', title: 'Deep learning for protein folding', author: [{ family: 'Smith', given: 'Anna' }], issued: { 'date-parts': [[2020]] } }],
    style: 'apa',
    figures: [{ id: 'chart1', caption: 'Monthly results', image: await pngDataUrl(60, 30, '#ec4899') }],
  });
  const character = await inject('POST', '/api/anime-helper/characters', { name: 'Sakura', tags: ['pink'], versions: [{ name: 'First', canvasData: await layers('#ff0000') }] });
  await inject('POST', `/api/anime-helper/characters/${character.id}/versions`, { name: 'Second', canvasData: await layers('#0000ff') });
  const chat = await inject('POST', '/api/chat', { message: 'How do I save a character?', context: { provider: 'local', model: 'yumi-local', personality: 'teacher', mode: 'main' } });
  return { doc, report, character, conversationId: chat.conversationId as string };
}
