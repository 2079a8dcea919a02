// OpenTelemetry tracing, loaded before the server with `node --import` (see package.json's start script):
// the instrumentations must patch http, pg and Fastify before the server first imports them. Nothing is
// loaded unless an OTLP endpoint is configured, so a server without one starts as fast as before.
import { register } from 'node:module';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

if (endpoint && process.env.OTEL_SDK_DISABLED !== 'true') {
  // ES modules are patched through this loader hook; CommonJS ones by require hooks. Only the instrumented
  // packages are wrapped: wrapping every module slows the start and warns about TypeScript sources in dev.
  register('import-in-the-middle/hook.mjs', import.meta.url, { data: { include: ['pg', 'fastify', 'node:http', 'http'] } });
  // Traces only: metrics are scraped from /metrics, logs go to stdout as JSON lines carrying the trace id.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'yumi-studio';
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    instrumentations: [
      // Probes of load balancers every few seconds would drown the traces worth reading.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(api\/health\/(live|ready)|metrics)(\?|$)/.test(req.url ?? '') }),
      new PgInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
}
