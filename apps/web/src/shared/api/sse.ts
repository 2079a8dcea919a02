/** Reads the `data:` events of a server-sent-events body, one JSON object each. */
export async function* sseEvents<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        for (const line of block.split('\n')) {
          if (line.startsWith('data:')) yield JSON.parse(line.slice(5).trim()) as T;
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
}
