import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { niceImageThreads, WORKER_NICE } from './image-threads';

const libvipsThreads = () =>
  readdirSync('/proc/self/task')
    .filter((id) => readFileSync(`/proc/self/task/${id}/comm`, 'utf8').startsWith('libvips'))
    .map(Number);

describe.runIf(existsSync('/proc/self/task'))('libvips threads run at the workers’ priority', () => {
  it('lowers every libvips thread, and only those', async () => {
    const image = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: '#8b5cf6' } }).png().toBuffer();
    await Promise.all([1, 2, 3].map((r) => sharp(image).blur(r).resize(512).png().toBuffer()));
    const threads = libvipsThreads();
    expect(threads.length).toBeGreaterThan(0);
    expect(threads.some((tid) => getPriority(tid) < WORKER_NICE)).toBe(true);

    niceImageThreads();

    for (const tid of libvipsThreads()) expect(getPriority(tid)).toBeGreaterThanOrEqual(WORKER_NICE);
    // The event loop's own thread keeps its priority.
    expect(getPriority(process.pid)).toBeLessThan(WORKER_NICE);
  });
});
