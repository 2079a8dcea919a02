/** A box on the screen (the fields of a DOMRect that matter here). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How much of each side of the stage the floating tool palette takes (0 where it takes nothing). */
export interface Insets {
  left: number;
  right: number;
  bottom: number;
}

const NONE: Insets = { left: 0, right: 0, bottom: 0 };

/**
 * The part of the stage the drawing is fitted into: beside the tool palette rather than under it. A column at
 * the left or right (the palette on a tablet or desktop) takes that side, a strip along the bottom (a phone)
 * takes the bottom; a collapsed palette or one dragged into the middle takes nothing, and no side is given up
 * if that would leave the drawing less than half the stage.
 */
export function paletteInsets(stage: Box, palette: Box | null): Insets {
  if (!palette) return NONE;
  const width = stage.right - stage.left;
  const height = stage.bottom - stage.top;
  const w = palette.right - palette.left;
  const h = palette.bottom - palette.top;
  let insets = NONE;
  if (h > w) {
    const onLeft = (palette.left + palette.right) / 2 < (stage.left + stage.right) / 2;
    insets = onLeft ? { ...NONE, left: palette.right - stage.left } : { ...NONE, right: stage.right - palette.left };
  } else if (w > width / 2 && palette.bottom >= stage.bottom - 1) {
    insets = { ...NONE, bottom: stage.bottom - palette.top };
  }
  const free = Math.min((width - insets.left - insets.right) / width, (height - insets.bottom) / height);
  return free >= 0.5 ? insets : NONE;
}
