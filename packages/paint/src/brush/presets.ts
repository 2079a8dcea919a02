import { DEFAULT_BRUSH_SETTINGS, normalizeBrushSettings, type BrushSettings } from './settings.js';

export type BrushTool = 'brush' | 'eraser';
export const BRUSH_CATEGORIES = ['basic', 'detail', 'texture', 'effects'] as const;
export type BrushCategory = (typeof BRUSH_CATEGORIES)[number];

/** Spec §3 brush preset. `icon` names an icon the UI draws; sizes are document pixels. */
export interface BrushPreset {
  id: string;
  name: string;
  tool: BrushTool;
  category: BrushCategory;
  description: string;
  icon: string;
  minSize: number;
  maxSize: number;
  supportsTexture: boolean;
  supportsPressure: boolean;
  defaultSettings: BrushSettings;
  /** For the character presets: the brush they are a setting of (spec: Eyelash = fine liner). */
  basedOn?: string;
}

const noTaper = { enabled: false, startTaper: 0, endTaper: 0 };

function preset(p: Omit<BrushPreset, 'defaultSettings'> & { settings: Partial<BrushSettings> }): BrushPreset {
  const { settings, ...rest } = p;
  return {
    ...rest,
    defaultSettings: normalizeBrushSettings(settings, { ...DEFAULT_BRUSH_SETTINGS, tapering: noTaper }),
  };
}

/** The 13 brushes of spec §9 (with its size ranges) and the two character presets built on them. */
export const BRUSH_PRESETS: readonly BrushPreset[] = [
  preset({
    id: 'basic-brush',
    name: 'Basic Brush',
    tool: 'brush',
    category: 'basic',
    icon: 'brush',
    description: 'All-round round brush with a slightly soft edge.',
    minSize: 1,
    maxSize: 100,
    supportsTexture: true,
    supportsPressure: true,
    settings: { size: 10, hardness: 80, spacing: 10, pressureSensitivity: 60, smoothing: 20 },
  }),
  preset({
    id: 'pencil',
    name: 'Pencil',
    tool: 'brush',
    category: 'basic',
    icon: 'pencil',
    description: 'Thin grainy graphite line on paper texture.',
    minSize: 0.5,
    maxSize: 20,
    supportsTexture: true,
    supportsPressure: true,
    settings: {
      size: 2,
      opacity: 90,
      hardness: 90,
      spacing: 8,
      pressureSensitivity: 80,
      smoothing: 15,
      texturePath: 'paper',
      textureStrength: 55,
    },
  }),
  preset({
    id: 'marker',
    name: 'Marker',
    tool: 'brush',
    category: 'basic',
    icon: 'marker',
    description: 'Even translucent ink; overlaps within one stroke do not darken.',
    minSize: 3,
    maxSize: 50,
    supportsTexture: false,
    supportsPressure: true,
    settings: {
      size: 12,
      opacity: 70,
      hardness: 95,
      tipShape: 'flat',
      rotation: 30,
      spacing: 6,
      pressureSensitivity: 20,
      smoothing: 25,
    },
  }),
  preset({
    id: 'airbrush',
    name: 'Airbrush',
    tool: 'brush',
    category: 'effects',
    icon: 'airbrush',
    description: 'Very soft spray that builds up with repeated passes.',
    minSize: 5,
    maxSize: 200,
    supportsTexture: false,
    supportsPressure: true,
    settings: {
      size: 60,
      opacity: 80,
      hardness: 0,
      spacing: 5,
      flowRate: 12,
      pressureSensitivity: 70,
      smoothing: 10,
    },
  }),
  preset({
    id: 'fine-liner',
    name: 'Fine Liner',
    tool: 'brush',
    category: 'detail',
    icon: 'fine-liner',
    description: 'Crisp thin line art with tapered ends.',
    minSize: 0.1,
    maxSize: 3,
    supportsTexture: false,
    supportsPressure: true,
    settings: {
      size: 1.5,
      hardness: 100,
      spacing: 5,
      pressureSensitivity: 70,
      smoothing: 45,
      tapering: { enabled: true, startTaper: 6, endTaper: 10 },
    },
  }),
  preset({
    id: 'detail-brush',
    name: 'Detail Brush',
    tool: 'brush',
    category: 'detail',
    icon: 'detail-brush',
    description: 'Small precise brush for eyes, highlights and small shapes.',
    minSize: 0.2,
    maxSize: 8,
    supportsTexture: false,
    supportsPressure: true,
    settings: { size: 3, hardness: 90, spacing: 6, pressureSensitivity: 60, smoothing: 35 },
  }),
  preset({
    id: 'calligraphy',
    name: 'Calligraphy',
    tool: 'brush',
    category: 'effects',
    icon: 'calligraphy',
    description: 'Chisel nib at a fixed angle: thick and thin strokes by direction.',
    minSize: 0.5,
    maxSize: 20,
    supportsTexture: false,
    supportsPressure: true,
    settings: {
      size: 10,
      hardness: 100,
      tipShape: 'chisel',
      rotation: 45,
      spacing: 4,
      pressureSensitivity: 50,
      smoothing: 30,
      tapering: { enabled: true, startTaper: 4, endTaper: 8 },
    },
  }),
  preset({
    id: 'pixel-brush',
    name: 'Pixel Brush',
    tool: 'brush',
    category: 'effects',
    icon: 'pixel-brush',
    description: 'Hard aliased square pixels for pixel art.',
    minSize: 1,
    maxSize: 10,
    supportsTexture: false,
    supportsPressure: false,
    settings: {
      size: 1,
      hardness: 100,
      tipShape: 'square',
      spacing: 25,
      pressureSensitivity: 0,
      smoothing: 0,
      aliased: true,
    },
  }),
  preset({
    id: 'texture-brush',
    name: 'Texture Brush',
    tool: 'brush',
    category: 'texture',
    icon: 'texture-brush',
    description: 'Scattered grainy dabs for cloth, hair and backgrounds.',
    minSize: 3,
    maxSize: 50,
    supportsTexture: true,
    supportsPressure: true,
    settings: {
      size: 14,
      opacity: 85,
      hardness: 60,
      spacing: 15,
      scattering: 20,
      flowRate: 70,
      pressureSensitivity: 60,
      smoothing: 15,
      texturePath: 'paper',
      textureStrength: 70,
    },
  }),
  preset({
    id: 'basic-eraser',
    name: 'Eraser',
    tool: 'eraser',
    category: 'basic',
    icon: 'eraser',
    description: 'Removes pixels with a slightly soft edge.',
    minSize: 2,
    maxSize: 100,
    supportsTexture: false,
    supportsPressure: true,
    settings: { size: 20, hardness: 80, spacing: 10, pressureSensitivity: 30, smoothing: 10 },
  }),
  preset({
    id: 'precision-eraser',
    name: 'Precision Eraser',
    tool: 'eraser',
    category: 'detail',
    icon: 'precision-eraser',
    description: 'Small hard-edged eraser for clean-up.',
    minSize: 0.5,
    maxSize: 10,
    supportsTexture: false,
    supportsPressure: false,
    settings: { size: 3, hardness: 100, spacing: 5, pressureSensitivity: 0, smoothing: 30 },
  }),
  preset({
    id: 'soft-eraser',
    name: 'Soft Eraser',
    tool: 'eraser',
    category: 'effects',
    icon: 'soft-eraser',
    description: 'Wide soft falloff for fading shading out.',
    minSize: 5,
    maxSize: 100,
    supportsTexture: false,
    supportsPressure: true,
    settings: { size: 50, hardness: 0, spacing: 6, flowRate: 35, pressureSensitivity: 50, smoothing: 10 },
  }),
  preset({
    id: 'highlight-eraser',
    name: 'Highlight Eraser',
    tool: 'eraser',
    category: 'effects',
    icon: 'highlight-eraser',
    description: 'Lifts colour partially (a fraction per dab, at most half) to make highlights.',
    minSize: 1,
    maxSize: 30,
    supportsTexture: false,
    supportsPressure: true,
    settings: {
      size: 8,
      opacity: 50,
      hardness: 50,
      spacing: 8,
      flowRate: 20,
      pressureSensitivity: 60,
      smoothing: 20,
    },
  }),
  preset({
    id: 'eyelash',
    name: 'Eyelash',
    tool: 'brush',
    category: 'detail',
    icon: 'eyelash',
    basedOn: 'fine-liner',
    description: 'Fine liner at 0.3 px with long tapers for lashes.',
    minSize: 0.1,
    maxSize: 3,
    supportsTexture: false,
    supportsPressure: true,
    settings: {
      size: 0.3,
      hardness: 100,
      spacing: 5,
      pressureSensitivity: 80,
      smoothing: 40,
      tapering: { enabled: true, startTaper: 3, endTaper: 12 },
    },
  }),
  preset({
    id: 'hair-strands',
    name: 'Hair Strands',
    tool: 'brush',
    category: 'texture',
    icon: 'hair-strands',
    basedOn: 'texture-brush',
    description: 'Texture brush at 2 px with tapers for single hair strands.',
    // The spec's size 2 is below the texture brush's 3 px minimum, so this preset starts at 1.
    minSize: 1,
    maxSize: 50,
    supportsTexture: true,
    supportsPressure: true,
    settings: {
      size: 2,
      opacity: 90,
      hardness: 70,
      spacing: 8,
      scattering: 2,
      flowRate: 80,
      pressureSensitivity: 70,
      smoothing: 50,
      texturePath: 'paper',
      textureStrength: 35,
      tapering: { enabled: true, startTaper: 8, endTaper: 20 },
    },
  }),
];

export function getBrushPreset(id: string): BrushPreset | undefined {
  return BRUSH_PRESETS.find((p) => p.id === id);
}

/** Clamps a size to the preset's slider range. */
export function clampPresetSize(p: BrushPreset, size: number): number {
  return Math.min(p.maxSize, Math.max(p.minSize, size));
}
