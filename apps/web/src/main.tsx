import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/800.css';
import './app/theme.css';

// The app starts after the HTML splash has painted: loading and running its JavaScript first would hold
// the first frame back on a slow phone. A hidden tab paints no frame, so it starts at once.
const boot = () => void import('./app/boot');
if (document.visibilityState === 'hidden') boot();
else requestAnimationFrame(() => setTimeout(boot, 0));
