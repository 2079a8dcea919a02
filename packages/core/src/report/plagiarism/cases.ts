/**
 * The disguises of issue 17 as texts, shared by the unit test and the benchmark's before/after figures.
 * Each pair is (report, source); `expect` is what the check must say of it.
 */
export const SOURCE =
  'Researchers utilized a novel method to demonstrate the significant impact of rising temperatures on coastal ecosystems. ' +
  'The results show that many species of seagrass are declining rapidly, and the loss of these habitats reduces the food available to fish and birds. ' +
  'Protecting the remaining meadows requires cooperation between fishing communities, scientists and local governments.';

const OWN =
  'This essay asks how small island states can plan for the next fifty years. It compares three archipelagos ' +
  'in the Pacific and draws on interviews with harbour masters, teachers and nurses who live there. ';

/** Synonyms for most content words, same order: the usual rewording by hand or by a paraphrasing tool. */
export const PARAPHRASE =
  'Scientists employed a new approach to show the important effect of increasing temperatures on coastal ecosystems. ' +
  'Our findings demonstrate that numerous species of seagrass are decreasing quickly, and the loss of such habitats lessens the food accessible to fish and birds. ' +
  'Protecting the remaining meadows needs collaboration between fishing communities, researchers and local authorities.';

/** Latin a, e, o, c, p, x, y replaced by the Cyrillic letters that look the same. */
export const CYRILLIC = SOURCE.replace(/[aeocpxy]/g, (ch) => ({ a: 'а', e: 'е', o: 'о', c: 'с', p: 'р', x: 'х', y: 'у' })[ch]!);

/** The source's first two sentences quoted word for word, with an APA citation: attributed, not plagiarism. */
export const QUOTED_CITED = `${OWN}As one survey puts it, “${SOURCE.split('. ').slice(0, 2).join('. ')}.” (Okafor & Lindqvist, 2021, p. 14). We return to this point below.`;

/** The same quotation without a citation: still counted. */
export const QUOTED_UNCITED = `${OWN}As one survey puts it, “${SOURCE.split('. ').slice(0, 2).join('. ')}.” We return to this point below.`;

/** A reference list that repeats the source's title and opening: left out. */
export const WITH_BIBLIOGRAPHY = `${OWN}Seagrass loss is a recurring theme [@okafor2021].\n\n## References\n\nOkafor, A., & Lindqvist, M. (2021). ${SOURCE.split('. ')[0]}. Marine Policy, 12(3), 1–20.\n`;
