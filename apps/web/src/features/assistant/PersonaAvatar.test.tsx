import { PERSONA_KEYS } from '@yumi/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PersonaAvatar } from './PersonaAvatar';

/** The drawing without any colour: what is left is the shapes. */
const shapesOf = (markup: string) => markup.replace(/(fill|stroke|style)="[^"]*"/g, '').replace(/#[0-9a-f]{3,8}/gi, '');

describe('PersonaAvatar', () => {
  it('draws each of the seven personalities as its own picture, not one picture recoloured', () => {
    const drawings = PERSONA_KEYS.map((key) => renderToStaticMarkup(<PersonaAvatar persona={key} size={40} />));
    for (const svg of drawings) {
      expect(svg).toContain('<svg');
      expect(svg).not.toContain('<img');
      expect(svg).toContain('aria-hidden="true"');
    }
    expect(new Set(drawings.map(shapesOf)).size).toBe(PERSONA_KEYS.length);
  });
});
