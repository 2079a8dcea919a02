import type { SmartBrushSettings } from './settings';

export interface SmartBrushPreset {
  id: 'clothing' | 'hair' | 'skin' | 'accessories' | 'default';
  /** i18n key of the preset's label. */
  nameKey: string;
  settings: Readonly<SmartBrushSettings>;
}

/**
 * The five presets of spec section 9 (mode, sensitivity/blend strength, preserve details). The spec
 * leaves detail level, edge detection and colour blending open; the values chosen here suit each
 * subject: hair line art is sketchy (wide gaps bridged), skin keeps its shading (colour blending).
 */
export const SMART_BRUSH_PRESETS: readonly SmartBrushPreset[] = Object.freeze([
  {
    id: 'clothing',
    nameKey: 'smartBrush.preset.clothing',
    settings: Object.freeze({
      mode: 'auto_fill',
      sensitivity: 75,
      blendStrength: 85,
      preserveDetails: true,
      detailLevel: 50,
      edgeDetection: true,
      colorBlending: false,
    }),
  },
  {
    id: 'hair',
    nameKey: 'smartBrush.preset.hair',
    settings: Object.freeze({
      mode: 'pattern_detect',
      sensitivity: 60,
      blendStrength: 70,
      preserveDetails: true,
      detailLevel: 75,
      edgeDetection: false,
      colorBlending: false,
    }),
  },
  {
    id: 'skin',
    nameKey: 'smartBrush.preset.skin',
    settings: Object.freeze({
      mode: 'gradient_smart',
      sensitivity: 85,
      blendStrength: 90,
      preserveDetails: true,
      detailLevel: 50,
      edgeDetection: true,
      colorBlending: true,
    }),
  },
  {
    id: 'accessories',
    nameKey: 'smartBrush.preset.accessories',
    settings: Object.freeze({
      mode: 'auto_fill',
      sensitivity: 90,
      blendStrength: 95,
      preserveDetails: false,
      detailLevel: 50,
      edgeDetection: true,
      colorBlending: false,
    }),
  },
  {
    id: 'default',
    nameKey: 'smartBrush.preset.default',
    settings: Object.freeze({
      mode: 'auto_fill',
      sensitivity: 75,
      blendStrength: 85,
      preserveDetails: true,
      detailLevel: 50,
      edgeDetection: false,
      colorBlending: false,
    }),
  },
]);

export function getSmartBrushPreset(id: string): SmartBrushPreset | undefined {
  return SMART_BRUSH_PRESETS.find((p) => p.id === id);
}
