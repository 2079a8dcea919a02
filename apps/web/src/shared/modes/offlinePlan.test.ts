import { describe, expect, it } from 'vitest';
import { planOffline, type BuildGraph } from './offlinePlan';

// A small build: the entry, the app's start module (lazy, importing every screen lazily), the launcher,
// a core mode sharing a chunk with an installable one, and an installable mode with a lazy sub-chunk,
// CSS, an image and fonts.
const graph: BuildGraph = {
  'assets/index-a.js': { file: 'assets/index-a.js', src: 'index.html', isEntry: true, imports: ['assets/vendor-b.js'], css: ['assets/index.css'], dynamicImports: ['assets/boot-s.js'] },
  'assets/boot-s.js': { file: 'assets/boot-s.js', src: 'src/app/boot.tsx', imports: ['assets/index-a.js', 'assets/react-r.js'], dynamicImports: ['assets/Launcher-l.js', 'assets/AnimePage-c.js', 'assets/WritingPage-w.js'] },
  'assets/react-r.js': { file: 'assets/react-r.js' },
  'assets/vendor-b.js': { file: 'assets/vendor-b.js', assets: ['assets/inter.woff2', 'assets/inter.woff'] },
  'assets/Launcher-l.js': { file: 'assets/Launcher-l.js', src: 'src/features/launcher/LauncherPage.tsx', imports: ['assets/index-a.js'], css: ['assets/Launcher.css'] },
  'assets/WritingPage-w.js': { file: 'assets/WritingPage-w.js', src: 'src/features/writing/WritingPage.tsx', imports: ['assets/index-a.js', 'assets/editor-s.js'], css: ['assets/WritingPage.css'] },
  'assets/editor-s.js': { file: 'assets/editor-s.js', css: ['assets/editor.css'] },
  'assets/AnimePage-c.js': {
    file: 'assets/AnimePage-c.js',
    src: 'src/features/anime/AnimePage.tsx',
    imports: ['assets/index-a.js', 'assets/paint-d.js', 'assets/editor-s.js'],
    dynamicImports: ['assets/Generate-e.js'],
    css: ['assets/AnimePage.css'],
  },
  'assets/paint-d.js': { file: 'assets/paint-d.js', assets: ['assets/brush.png'] },
  'assets/Generate-e.js': { file: 'assets/Generate-e.js', src: 'src/features/anime/Generate.tsx', css: ['assets/Generate.css'] },
};
const modes = { writing: { assets: ['src/features/writing/'], core: true }, anime: { assets: ['src/features/anime/'], core: false } };

describe('offline plan', () => {
  const plan = planOffline(graph, (file) => file.length, modes);

  it('precaches the entry, the start module, the shell screens and the core modes, CSS included, woff2 only', () => {
    expect(plan.shell).toEqual([
      '/assets/Launcher-l.js',
      '/assets/Launcher.css',
      '/assets/WritingPage-w.js',
      '/assets/WritingPage.css',
      '/assets/boot-s.js',
      '/assets/editor-s.js',
      '/assets/editor.css',
      '/assets/index-a.js',
      '/assets/index.css',
      '/assets/inter.woff2',
      '/assets/react-r.js',
      '/assets/vendor-b.js',
    ]);
  });

  it("lists an installable mode's chunks, lazy ones and CSS included, without what the shell holds", () => {
    expect(plan.modes.anime!.files.map((f) => f.url)).toEqual(['/assets/AnimePage-c.js', '/assets/AnimePage.css', '/assets/Generate-e.js', '/assets/Generate.css', '/assets/brush.png', '/assets/paint-d.js']);
    expect(plan.modes.anime!.bytes).toBe(plan.modes.anime!.files.reduce((sum, f) => sum + f.size, 0));
    expect(plan.modes.anime!.files[0]).toEqual({ url: '/assets/AnimePage-c.js', size: 'assets/AnimePage-c.js'.length });
  });

  it("gives a core mode's full list, for its size", () => {
    expect(plan.modes.writing!.files.map((f) => f.url)).toEqual(['/assets/WritingPage-w.js', '/assets/WritingPage.css', '/assets/editor-s.js', '/assets/editor.css']);
  });

  it('refuses a build without a mode it must plan', () => {
    expect(() => planOffline(graph, () => 1, { ...modes, image: { assets: ['src/features/image/'], core: false } })).toThrow(/mode image/);
  });
});
