// Generated prose for the Report Helper benches: Zipf-like words from a made-up vocabulary, seeded.
const VOCAB = Array.from({ length: 6000 }, (_, i) => {
  const syll = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vor', 'el', 'qui', 'dan', 'pho', 'ster'];
  return syll[i % 12]! + syll[Math.floor(i / 12) % 12]! + (i >= 144 ? syll[Math.floor(i / 144) % 12] : '');
});
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}
export function text(seed: number, words: number): string {
  const r = rng(seed);
  // Zipf-like: common words repeat, as in real prose.
  return Array.from({ length: words }, () => VOCAB[Math.floor(VOCAB.length * r() ** 3)]).join(' ');
}
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

