import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openEmbeddedDatabase } from './db/backup/socket';
import { flushTraces } from './lib/trace';
import { warmOfflineKnowledge } from './providers/llm/offline';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The embedded database is opened here, not in buildApp, so its backup socket runs in the owning process.
  const embedded = await openEmbeddedDatabase(config);
  const app = await buildApp(config, embedded ? { database: embedded.database } : {});
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await embedded?.close(); // after every onClose hook of the app: they may still write
      await flushTraces();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // The offline assistant's indexes take a moment to build: before listening, not in the first chat.
  warmOfflineKnowledge();
  await app.listen({ port: config.PORT, host: config.HOST });
  await embedded?.listenForBackups(app.log);
}

void main();
