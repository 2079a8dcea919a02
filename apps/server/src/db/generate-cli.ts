import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { serverRoot } from '../lib/paths';
import { latestSnapshot, renameFailure, renameQuestions } from './generate';
import * as schema from './schema';

// `npm run db:generate -- --name <what_changed>`: drizzle-kit generate, never stopping at a prompt. A change
// drizzle-kit would ask about (a possible rename) fails here with the command to answer it in a terminal.
const latest = latestSnapshot();
const questions = renameQuestions(latest, generateDrizzleJson(schema, latest.id));
if (questions.length > 0) {
  console.error(renameFailure(questions));
  process.exit(1);
}

// No terminal on stdin: should drizzle-kit still find something to ask, its prompt fails at once instead of waiting.
const bin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
const child = spawn(process.execPath, [bin, 'generate', ...process.argv.slice(2)], { cwd: serverRoot, stdio: ['ignore', 'inherit', 'inherit'] });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
