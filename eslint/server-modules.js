import { readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's modules as docs/architecture.md draws them, in one place: which module may import which
 * (through its index.ts), and which module owns each table. eslint.config.js turns the first into
 * eslint-plugin-boundaries policies and the second into the `server-modules/own-tables` rule;
 * scripts/boundaries.test.ts proves both bite.
 */

/** Who may import whom. Adding an edge is a design decision: the map must stay free of cycles (checked below). */
export const SERVER_MODULE_DEPENDENCIES = {
  account: ['ai', 'auth', 'billing', 'characters', 'comments', 'documents', 'history', 'images', 'preferences', 'report'],
  admin: [],
  ai: ['billing', 'connections'],
  'anime-refs': ['art'],
  art: ['admin', 'auth', 'billing', 'storage'],
  auth: ['admin'],
  billing: ['auth'],
  characters: ['images', 'storage'],
  connections: ['admin'],
  collab: ['auth', 'documents', 'history'],
  comments: ['auth', 'documents'],
  documents: ['auth'],
  health: ['connections'],
  history: ['auth', 'documents'],
  images: ['billing', 'storage'],
  installers: [],
  literature: ['documents', 'report'],
  plagiarism: ['documents'],
  preferences: [],
  report: ['documents'],
  storage: [],
  trends: ['documents'],
};

/**
 * Each table has one owner, the only code that names it in a query (Drizzle table object or SQL text);
 * everyone else calls the owner's functions. A module owns by name; the last two owners are infrastructure
 * outside the modules, named by their path under apps/server/src (a file, or a folder and what is in it).
 */
export const TABLE_OWNERS = {
  auth: ['users', 'sessions', 'recovery_codes', 'two_step_challenges', 'login_throttle', 'account_tokens'],
  admin: ['admin_audit'],
  ai: ['chat_archives'],
  art: ['artworks'],
  billing: [
    'credit_balances',
    'credit_ledger',
    'credit_reservations',
    'purchases',
    'payment_events',
    'early_reversals',
    'subscriptions',
    'token_usage',
    'ai_usage_daily',
    'image_trials',
  ],
  characters: ['characters', 'character_versions', 'character_version_blobs'],
  connections: ['llm_connections'],
  collab: ['collab_states', 'collab_relay'],
  comments: ['document_comments'],
  documents: ['documents', 'writing_profiles', 'document_shares', 'share_tokens'],
  history: ['document_versions', 'document_edit_activity'],
  images: ['image_jobs', 'image_results', 'image_tombstones'],
  plagiarism: ['plagiarism_sources', 'plagiarism_fingerprints'],
  preferences: ['user_preferences'],
  report: ['report_meta'],
  'lib/rate-limit.ts': ['rate_limits'],
  'providers/blob': ['blobs', 'blob_refs'],
};

/**
 * The files that may hand `sql.raw` or `sql.identifier` a name computed at run time, with the reason. Such a
 * name can be any table, so the table-ownership rule cannot see it; everywhere else the name is written out.
 */
const RUN_TIME_SQL_NAMES = {
  'modules/account/delete.ts': "deleting an account empties every table that references users ON DELETE CASCADE, found in the catalogue, so a table added later is deleted too",
};

/** The first cycle in a dependency map as a path (`['a', 'b', 'a']`), or null when there is none. */
export function moduleCycle(graph) {
  const state = new Map(); // module -> 'visiting' | 'done'
  const path = [];
  const visit = (module) => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'visiting') return [...path.slice(path.indexOf(module)), module];
    state.set(module, 'visiting');
    path.push(module);
    for (const next of graph[module] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of Object.keys(graph)) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return null;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'apps/server/src');
const modulesDir = join(srcDir, 'modules');

/** The map is checked whenever ESLint loads it: every module folder listed, every edge to a module, no cycle. */
function checkMap() {
  const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const missing = folders.filter((f) => !(f in SERVER_MODULE_DEPENDENCIES));
  if (missing.length) throw new Error(`eslint/server-modules.js: add the module(s) ${missing.join(', ')} to SERVER_MODULE_DEPENDENCIES`);
  for (const [module, deps] of Object.entries(SERVER_MODULE_DEPENDENCIES)) {
    const unknown = deps.filter((d) => !(d in SERVER_MODULE_DEPENDENCIES));
    if (unknown.length) throw new Error(`eslint/server-modules.js: ${module} depends on unknown module(s) ${unknown.join(', ')}`);
  }
  const cycle = moduleCycle(SERVER_MODULE_DEPENDENCIES);
  if (cycle) throw new Error(`eslint/server-modules.js: server modules must not depend on each other in a cycle: ${cycle.join(' -> ')}`);
}
checkMap();

const OWNER_OF = new Map(Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));
/** A Drizzle table's export name is its SQL name in camelCase (scripts/boundaries.test.ts checks that against the schema). */
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Table names after the SQL words that introduce one (schema-qualified or not). */
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
/** A string that is itself a table name: what `sql.identifier` takes, or a bare `sql.raw` fragment. */
const BARE_NAME = /^\s*(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?\s*$/i;

/**
 * Who a file answers for: its module, or its path under apps/server/src for the rest of the server. Null for
 * the database layer itself (db/: the schema, the migrator, the copy tool) and anything outside the server.
 */
function placeOf(filename) {
  const rel = relative(srcDir, filename);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  const parts = rel.split(sep);
  if (parts[0] === 'db') return null;
  if (parts[0] === 'modules') return parts.length > 2 ? { module: parts[1] } : null;
  return { path: parts.join('/') };
}
const owns = (place, owner) => (place.module ? place.module === owner : place.path === owner || place.path.startsWith(`${owner}/`));

const ownTables = {
  meta: {
    type: 'problem',
    messages: {
      foreign:
        'The table {{table}} belongs to {{owner}} (TABLE_OWNERS in eslint/server-modules.js): call its functions instead of querying the table here.',
      unowned: 'The table {{table}} has no owner: add it to TABLE_OWNERS in eslint/server-modules.js.',
      runTimeName:
        'sql.{{how}} with a name computed at run time can name any table, so its owner cannot be checked: write the name out, or call the owning module. A file that must (as account deletion does) is listed in RUN_TIME_SQL_NAMES in eslint/server-modules.js with its reason.',
    },
    schema: [],
  },
  create(context) {
    const place = placeOf(context.filename);
    if (!place) return {};
    const check = (node, table, knownTable) => {
      const owner = OWNER_OF.get(table);
      if (!owner) {
        if (knownTable) context.report({ node, messageId: 'unowned', data: { table } });
        return;
      }
      if (!owns(place, owner)) context.report({ node, messageId: 'foreign', data: { owner, table } });
    };
    /** Local names of drizzle-orm's `sql` (it may be imported under another name). */
    const sqlNames = new Set(['sql']);
    const isSql = (node) => node.type === 'Identifier' && sqlNames.has(node.name);
    const checkText = (node, text) => {
      for (const match of text.matchAll(SQL_TABLE)) check(node, match[1].toLowerCase(), false);
    };
    const runTimeAllowed = relative(srcDir, context.filename).split(sep).join('/') in RUN_TIME_SQL_NAMES;
    return {
      // Drizzle: the table objects come from db/schema (types such as StoredCanvas are not tables).
      ImportDeclaration(node) {
        if (node.source.value === 'drizzle-orm' && node.importKind !== 'type') {
          for (const spec of node.specifiers) {
            if (spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier' && spec.imported.name === 'sql') sqlNames.add(spec.local.name);
          }
        }
        if (node.importKind === 'type' || !/\/db\/schema(\/|$)/.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
          const name = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
          // Types imported without `type` start with a capital letter; tables never do.
          if (/^[a-z]/.test(name)) check(spec, snake(name), true);
        }
      },
      // Raw SQL: drizzle's sql`...` templates.
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === 'MemberExpression' ? node.tag.object : node.tag;
        if (!isSql(tag)) return;
        for (const quasi of node.quasi.quasis) checkText(quasi, quasi.value.cooked ?? quasi.value.raw);
      },
      // sql.raw('...') and sql.identifier('...'): the text is SQL, or a name, that no template shows.
      MemberExpression(node) {
        if (node.computed || !isSql(node.object) || node.property.type !== 'Identifier') return;
        const how = node.property.name;
        if (how !== 'raw' && how !== 'identifier') return;
        const call = node.parent.type === 'CallExpression' && node.parent.callee === node ? node.parent : null;
        const arg = call?.arguments[0];
        if (arg?.type === 'Literal' && typeof arg.value === 'string') {
          const bare = BARE_NAME.exec(arg.value);
          if (bare) check(arg, bare[1].toLowerCase(), false);
          else if (how === 'raw') checkText(arg, arg.value);
          return;
        }
        if (arg?.type === 'TemplateLiteral') {
          for (const quasi of arg.quasis) checkText(quasi, quasi.value.cooked ?? quasi.value.raw);
          if (arg.expressions.length === 0) {
            const bare = BARE_NAME.exec(arg.quasis[0].value.cooked ?? '');
            if (bare) check(arg, bare[1].toLowerCase(), false);
            return;
          }
        }
        // A name computed at run time (or sql.raw passed around uncalled).
        if (!runTimeAllowed) context.report({ node, messageId: 'runTimeName', data: { how } });
      },
    };
  },
};

export const serverModulesPlugin = { rules: { 'own-tables': ownTables } };
