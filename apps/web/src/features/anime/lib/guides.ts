import type { Pose, StyleTemplate } from '@yumi/core';
import type { PixelBuffer } from '@yumi/paint';
import { canvasToBuffer } from './pixels';

const GUIDE_COLOR = 'rgba(56, 189, 248, 0.9)';

function surface(width: number, height: number) {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d')!;
  ctx.strokeStyle = GUIDE_COLOR;
  ctx.fillStyle = GUIDE_COLOR;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  return { c, ctx };
}

/**
 * A proportion guide from a template: the figure height split into `headRatio` head units (numbered lines),
 * a head oval in the first unit and shoulder width of `bodyRatio` heads.
 */
export function templateGuide(t: StyleTemplate, width: number, height: number): PixelBuffer {
  const { c, ctx } = surface(width, height);
  const figure = height * 0.86;
  const top = (height - figure) / 2;
  const unit = figure / t.proportions.headRatio;
  const cx = width / 2;
  const lw = Math.max(1, Math.round(Math.min(width, height) / 300));
  ctx.lineWidth = lw;
  ctx.font = `${Math.max(10, Math.round(unit * 0.18))}px sans-serif`;
  ctx.setLineDash([lw * 6, lw * 4]);
  for (let i = 0; i <= Math.ceil(t.proportions.headRatio); i++) {
    const y = Math.min(top + i * unit, top + figure);
    ctx.beginPath();
    ctx.moveTo(cx - unit * 1.6, y);
    ctx.lineTo(cx + unit * 1.6, y);
    ctx.stroke();
    if (i < t.proportions.headRatio) ctx.fillText(String(i + 1), cx + unit * 1.7, y + unit * 0.55);
  }
  ctx.setLineDash([]);
  ctx.lineWidth = lw * 2;
  ctx.beginPath();
  ctx.ellipse(cx, top + unit / 2, unit * 0.38, unit * 0.5, 0, 0, Math.PI * 2);
  ctx.stroke();
  const shoulderY = top + unit * 1.35;
  const half = (unit * t.proportions.bodyRatio) / 2;
  ctx.beginPath();
  ctx.moveTo(cx, top + unit);
  ctx.lineTo(cx, top + figure * 0.52);
  ctx.moveTo(cx - half, shoulderY);
  ctx.lineTo(cx + half, shoulderY);
  ctx.stroke();
  return canvasToBuffer(c);
}

/** A stick-figure pose guide scaled to the canvas. */
export function poseGuide(pose: Pose, width: number, height: number): PixelBuffer {
  const { c, ctx } = surface(width, height);
  const k = Math.min(width / 100, height / 160) * 0.9;
  const ox = (width - 100 * k) / 2;
  const oy = (height - 160 * k) / 2;
  ctx.lineWidth = Math.max(2, 3 * k);
  for (const line of pose.figure.lines) {
    ctx.beginPath();
    line.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(ox + x * k, oy + y * k) : ctx.lineTo(ox + x * k, oy + y * k)));
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.arc(ox + pose.figure.head[0] * k, oy + pose.figure.head[1] * k, 12 * k, 0, Math.PI * 2);
  ctx.stroke();
  return canvasToBuffer(c);
}
