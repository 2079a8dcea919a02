/**
 * The Tutorial (FAQ) of the assistant (first document §2): four categories, items flagged new carry a
 * NEW badge. The English text here is also the offline assistant's knowledge base; the web app shows
 * the translated copy from the `helper` namespace (a unit test keeps the English copies identical).
 */
export const FAQ_CATEGORIES = ['writing', 'report', 'anime', 'models'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];
export const FAQ_CATEGORY_NAMES: Record<FaqCategory, string> = {
  writing: 'Writing Helper',
  report: 'Report Helper',
  anime: 'Anime Character',
  models: 'AI Models',
};

export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  isNew: boolean;
}

export const FAQ: FaqItem[] = [
  {
    id: 'writing-start',
    category: 'writing',
    question: 'How do I start writing?',
    answer:
      'Open Writing from the launcher, then click the Writing Helper icon. Type in the large editor; the tools sidebar sits beside it and can be collapsed or dragged to the other side.',
    isNew: false,
  },
  {
    id: 'writing-versions',
    category: 'writing',
    question: 'What does Generate Versions do?',
    answer:
      'It turns your text into a main version and, when suggestions are allowed, an alternative. Pick one to replace the editor text, or use the quick tones (formal, casual, emotional, humorous) to change its voice.',
    isNew: true,
  },
  {
    id: 'writing-social',
    category: 'writing',
    question: 'Can I post to social networks?',
    answer:
      'Yes. The Social tool opens the compose pages of several social and blogging sites in a new tab, so you can paste your finished text there.',
    isNew: false,
  },
  {
    id: 'writing-equations',
    category: 'writing',
    question: 'How do I write equations?',
    answer:
      'Open the Equation Builder: pick symbols from the palette or a template, edit the LaTeX code and watch the preview. Copy puts the code on your clipboard.',
    isNew: false,
  },
  {
    id: 'report-start',
    category: 'report',
    question: 'How do I write a scientific report?',
    answer:
      'Open Report from the launcher. Write in the main text area, then use the research tools in the sidebar: literature search, LaTeX editor, citations, charts, plagiarism check and PDF export.',
    isNew: false,
  },
  {
    id: 'report-citations',
    category: 'report',
    question: 'Which citation styles are supported?',
    answer: 'The Citation Manager formats references in APA, MLA, IEEE and Chicago (author-date or notes) styles.',
    isNew: false,
  },
  {
    id: 'report-plagiarism',
    category: 'report',
    question: 'How does the plagiarism check work?',
    answer:
      'It compares your report with your own documents and library and shows the similar passages. The similarity threshold slider (0 to 100) decides which matches are reported.',
    isNew: true,
  },
  {
    id: 'report-charts',
    category: 'report',
    question: 'How do I add a chart?',
    answer:
      'Open the Chart Generator, choose line, bar, doughnut, pie or scatter, and enter comma-separated values and labels. The preview appears when both are filled in; export saves a PNG.',
    isNew: false,
  },
  {
    id: 'anime-brushes',
    category: 'anime',
    question: 'Which brushes can I draw with?',
    answer:
      'Create mode has 14 specialized brushes including a 0.1px fine-liner, plus pencil, marker, airbrush, texture and detail brushes and several erasers. Size, opacity and hardness are adjustable.',
    isNew: true,
  },
  {
    id: 'anime-layers',
    category: 'anime',
    question: 'How do layers work?',
    answer:
      'Each stroke goes to the active layer. Add layers, hide or lock them, change their opacity and blend mode, and reorder them in the Layers panel. Locked layers ignore strokes.',
    isNew: false,
  },
  {
    id: 'anime-generate',
    category: 'anime',
    question: 'How do I generate a character with AI?',
    answer:
      'Switch to AI Generate, pick a theme or write a description, and press Generate. You get 3 free trials; after that image generation needs access bought with timeshards.',
    isNew: false,
  },
  {
    id: 'anime-rewards',
    category: 'anime',
    question: 'Can I earn timeshards with my art?',
    answer:
      'Yes. Upload your artwork for review: an approved artwork earns 1000 timeshards, your first contribution adds 500, and exceptional quality adds 250.',
    isNew: true,
  },
  {
    id: 'models-free',
    category: 'models',
    question: 'Which model should I start with?',
    answer:
      'Start with the free Qwen Turbo. Free models have a daily limit: 50,000 tokens a day for Qwen Turbo and 20,000 a day for GPT-4o mini and Claude 3 Haiku. The offline Yumi is always free.',
    isNew: false,
  },
  {
    id: 'models-paid',
    category: 'models',
    question: 'How do paid models charge?',
    answer:
      'Premium models use timeshards, priced per 1,000 tokens. The cost is reserved before the answer and only what was used is charged afterwards. Buy timeshards on the billing page.',
    isNew: false,
  },
  {
    id: 'models-offline',
    category: 'models',
    question: 'What can the offline assistant do?',
    answer:
      'Without a connected model, Yumi answers questions about Yumi Studio from this guide and rewrites text in formal, casual, emotional or humorous tone. Writing new text needs a real language model.',
    isNew: true,
  },
  {
    id: 'models-connect',
    category: 'models',
    question: 'How do I connect a language model?',
    answer:
      'The administrator of this Yumi Studio connects language models (OpenAI, Anthropic Claude, Qwen, or a local server such as Ollama). Once one is connected, pick it in the Models tab.',
    isNew: false,
  },
];
