import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
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
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
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
}

void main();
