import { trace, type TracerProvider } from '@opentelemetry/api';

/** The current span's ids for a log line (pino mixin), so logs and traces of one request are found together. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Sends the spans still buffered (at shutdown); nothing to do when tracing is off (telemetry.ts). */
export async function flushTraces(): Promise<void> {
  const proxy = trace.getTracerProvider() as TracerProvider & { getDelegate?: () => TracerProvider & { forceFlush?: () => Promise<void> } };
  await proxy.getDelegate?.().forceFlush?.();
}
