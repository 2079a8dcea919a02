/**
 * Operator command: load a folder of .txt/.md/.tex files into the plagiarism reference corpus.
 *   npm run corpus:import -w @yumi/server -- /path/to/folder
 * Uses the same DATABASE_URL / DATA_DIR as the server and applies pending migrations first.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { importCorpusFolder } from './corpus';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: corpus:import <folder of .txt/.md/.tex files>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const s = await importCorpusFolder(database.db, dir, (line) => console.log(line));
  console.log(`Reference corpus: ${s.added} added, ${s.updated} updated, ${s.unchanged} unchanged, ${s.skipped.length} skipped (not text).`);
} finally {
  await database.close();
}
