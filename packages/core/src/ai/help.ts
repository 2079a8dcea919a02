/**
 * Help articles for the offline assistant: one per tool of every mode and per part of the shell.
 * With the FAQ they form the knowledge base the `local` provider retrieves from.
 */
export interface HelpArticle {
  id: string;
  mode: 'main' | 'writing-helper' | 'report-helper' | 'anime-chara-helper' | 'image';
  title: string;
  /** Extra words people use for this topic (synonyms, other spellings). */
  keywords: string;
  body: string;
}

const a = (mode: HelpArticle['mode'], id: string, title: string, keywords: string, body: string): HelpArticle => ({
  id,
  mode,
  title,
  keywords,
  body,
});

export const HELP_ARTICLES: HelpArticle[] = [
  // Shell
  a('main', 'launcher', 'The launcher', 'home start modes cards main page', 'The launcher lists the four modes: Writing, Report, Anime and Image. Click a card to open its mode; installed modes are marked.'),
  a('main', 'sign-in', 'Signing in', 'login account sign up register password email', 'Click the sign-in icon at the top right. Sign up with an email, a username and a password of at least 6 characters. Signing in keeps your credits, characters and chat archives in sync.'),
  a('main', 'customizer', 'Layout and theme customizer', 'layout theme background panels customize settings', 'The settings icon opens the Layout and Theme Customizer: show or hide panels, drag and resize them in edit mode, pick a background preset or upload your own image, then save, export or import the layout.'),
  a('main', 'languages', 'Languages', 'language english japanese chinese korean translate', 'Yumi Studio speaks English, Japanese, Chinese and Korean. Pick the language in the top bar; the choice is remembered.'),
  a('main', 'install-modes', 'Installing modes', 'install offline cache download mode manager', 'Modes can be installed for offline use: the app caches their files so they open without a network. Writing and Report are core modes and always installed.'),
  a('main', 'desktop-apps', 'Desktop apps', 'download windows mac installer desktop', 'The download section offers installers for Windows 10 or higher and macOS 10.15 or higher; the one matching your computer is marked Recommended.'),
  a('main', 'credits', 'Timeshards and billing', 'credits timeshards buy charge billing payment package subscription balance', 'Timeshards are the credits for paid models and image generation. Buy packages from 1 USD (100K) to 100 USD (10M) on the billing page, or the Yumi Blessing subscription: 35,000 timeshards a day for 30 days.'),
  a('main', 'assistant', 'The Yumi assistant', 'assistant chat yumi personality tutorial models archive', 'The floating Yumi button opens the assistant with four tabs: Chat, Tutorial, Personality and Models. Start a new chat at any time and find earlier ones in the archive; export them as Markdown or JSON.'),
  a('main', 'personalities', 'Personalities', 'personality persona otaku tsundere teacher imouto classmate kuudere genki voice', 'Yumi has seven personalities: otaku, tsundere, teacher, imouto, classmate, kuudere and genki. Pick one in the Personality tab; every answer uses its voice.'),
  // Writing
  a('writing-helper', 'writing-editor', 'Writing Helper editor', 'editor text write sidebar collapse', 'The Writing Helper has a large editor and a tools sidebar. Collapse the sidebar or drag it across the middle of the window to move it to the other side. Clicking an open tool again closes it.'),
  a('writing-helper', 'social', 'Social tool', 'social twitter post share blog instagram facebook linkedin', 'The Social tool opens compose pages of a microblog, a photo site, a social network, a professional network, a blogging site and a site builder in new tabs.'),
  a('writing-helper', 'trending', 'Trending search', 'trend trending hashtags topics popular', 'Trending search finds popular topics and hashtags to write about.'),
  a('writing-helper', 'ai-continue', 'AI continuation', 'continue continuation next paragraph autocomplete', 'AI continuation writes the next part of your text with the selected model. It needs a real language model; the offline assistant cannot continue text.'),
  a('writing-helper', 'instructions', 'Instructions and equation builder', 'instructions equation latex symbols template math formula', 'The equation builder has a palette of 20 symbols and 8 templates. Edit the LaTeX code, see the preview, clear it, or copy it to the clipboard.'),
  a('writing-helper', 'generate-versions', 'Generate Versions (writing)', 'versions variations alternative refine creative control level precise balanced freestyle', 'Generate Versions needs text in the editor and iterative mode on. It creates a main version and, if suggestions are allowed, an alternative. The creative control level (precise, balanced, freestyle) decides what is allowed. Quick tones rewrite the text formal, casual, emotional or humorous.'),
  a('writing-helper', 'anime-collab', 'Anime collaboration', 'anime collab character story fan fiction', 'Anime collaboration writes with an anime character: pick a character and co-write scenes in its voice with a language model.'),
  a('writing-helper', 'galgame-blog', 'Galgame blog', 'galgame visual novel blog game review', 'The galgame blog tool helps you draft posts about visual novels and dating-sim games.'),
  a('writing-helper', 'novel-writing', 'Novel writing', 'novel story chapter plot fiction', 'Novel writing organises chapters, characters and plot notes for longer fiction.'),
  a('writing-helper', 'test-writing', 'Test writing', 'test exam essay practice', 'Test writing gives timed essay practice for exams.'),
  a('writing-helper', 'upload-writing', 'Upload files (writing)', 'upload file image pdf doc docx text attach', 'Upload accepts images, text, PDF, DOC and DOCX files, several at once.'),
  // Report
  a('report-helper', 'report-editor', 'Report Helper editor', 'report editor scientific customise background', 'The Report Helper has a main text area for your scientific report and a research sidebar. The customise button changes the background (solid, gradient or image) and its opacity.'),
  a('report-helper', 'scientific-search', 'Scientific Search', 'search literature pubmed ieee nature science papers articles', 'Scientific Search looks up literature: choose databases such as PubMed, IEEE, Nature and Science and open the results.'),
  a('report-helper', 'physics-db', 'Nature and Physics databases', 'nature physics journal database', 'Four buttons open well-known journal and physics databases in new tabs.'),
  a('report-helper', 'latex-editor', 'LaTeX Editor', 'latex tex template article thesis paper', 'The LaTeX Editor offers Article, Report, Thesis and Paper templates and copies your report text to the clipboard.'),
  a('report-helper', 'report-versions', 'Generate Academic Versions', 'academic versions literature review data analysis methodology executive summary', 'Generate Academic Versions builds a main version and, when suggestions are allowed, an academic enhanced alternative. Variations: Literature Review, Data Analysis, Methodology, Executive Summary.'),
  a('report-helper', 'plagiarism', 'Plagiarism Check', 'plagiarism similarity originality check copy', 'The plagiarism check compares your report with your documents and shows similar passages; the threshold slider goes from 0 to 100.'),
  a('report-helper', 'citations', 'Citation Manager', 'citation reference bibliography apa mla ieee chicago', 'The Citation Manager formats references in APA, MLA, IEEE or Chicago style.'),
  a('report-helper', 'charts', 'Chart Generator', 'chart graph plot line bar pie doughnut scatter data', 'The Chart Generator draws line, bar, doughnut, pie and scatter charts from comma-separated data and labels, and exports a PNG.'),
  a('report-helper', 'pdf-export', 'PDF Export', 'pdf export print references figures appendices', 'PDF Export saves the report as a PDF, with options to include references, figures and appendices and to use academic formatting.'),
  a('report-helper', 'upload-report', 'Upload files (report)', 'upload csv xlsx data files', 'Report upload accepts the writing formats plus CSV and XLSX data files and lists each file with its size in KB.'),
  // Anime
  a('anime-chara-helper', 'canvas', 'Drawing canvas', 'draw canvas brush eraser color size clear pressure', 'Create mode has an 800x600 canvas with brushes, an eraser, a colour picker and a size slider from 1 to 50. Undo and redo work from the History panel.'),
  a('anime-chara-helper', 'brushes', 'Brushes', 'brush pencil marker airbrush fine liner detail texture calligraphy pixel', 'There are 14 specialized brushes including a 0.1px fine-liner: from pencil, marker and airbrush to calligraphy, pixel and texture brushes, plus precise and soft erasers.'),
  a('anime-chara-helper', 'layers', 'Layers', 'layer opacity blend mode lock hide', 'Layers have a name, visibility, opacity from 0 to 100, a blend mode (normal, multiply, screen, overlay, darken, lighten) and a lock.'),
  a('anime-chara-helper', 'palette', 'Palette', 'palette colors swatches', 'The palette starts with 9 colours and saves new ones only once.'),
  a('anime-chara-helper', 'export-art', 'Export', 'export png jpg webp svg save image', 'Export saves PNG, JPG, WEBP or SVG, at 1 to 400 percent size; JPG has a quality setting.'),
  a('anime-chara-helper', 'templates', 'Style templates and poses', 'template style pose chibi shonen magical girl', 'Templates give a style (for example chibi, shonen or magical girl) and poses give a body position; both are added to your design brief.'),
  a('anime-chara-helper', 'character-library', 'Character library and versions', 'library save character version history compare', 'Save characters to the library with up to 20 versions each; revert to an older version or compare two.'),
  a('anime-chara-helper', 'color-assistant', 'AI colour assistant', 'color colour assistant palette harmony analyse', 'The AI colour assistant analyses the colours of your drawing and suggests palettes such as maid cafe, sakura spring, ocean breeze, sunset warm and gothic dark.'),
  a('anime-chara-helper', 'smart-brush', 'Smart brush', 'smart brush auto fill pattern gradient', 'The smart brush fills areas automatically (auto fill, pattern detect, gradient smart), with presets for clothing, hair, skin and accessories.'),
  a('anime-chara-helper', 'ai-generate', 'AI Generate', 'generate ai image character prompt theme swimsuit maid seifuku trials', 'AI Generate makes character images from a prompt or a theme. There are 3 free trials; after that, access is bought with timeshards.'),
  a('anime-chara-helper', 'outline', 'AI outline generator', 'outline line art lineart sketch', 'The outline generator turns an uploaded image or a text description into line art with adjustable strength and detail.'),
  a('anime-chara-helper', 'upload-artwork', 'Artwork contributions', 'upload artwork contribute reward review', 'Upload artwork (images under 10 MB) for review; approved artwork earns 1000 timeshards, +500 for a first contribution.'),
  // Image
  a('image', 'image-studio', 'Image studio', 'image text to image generate picture', 'Image mode is a text-to-image studio: describe a picture and generate it with the configured image model.'),
];
