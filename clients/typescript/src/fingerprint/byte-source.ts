/** Bytes to hash: in memory, a Blob or File (browsers, Node), a web stream, or any async iterable of chunks (Node streams). */
export type ByteSource = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

async function* readStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  // A reader rather than `for await`: Safari's streams are not async iterable.
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The source's bytes as chunks, in order. */
export async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
  } else if (typeof Blob !== "undefined" && source instanceof Blob) {
    yield* readStream(source.stream());
  } else if (typeof ReadableStream !== "undefined" && source instanceof ReadableStream) {
    yield* readStream(source);
  } else {
    yield* source as AsyncIterable<Uint8Array>;
  }
}

/** The source's size when it is known before reading it. */
export function knownSize(source: ByteSource): number | undefined {
  if (source instanceof Uint8Array) return source.length;
  if (typeof Blob !== "undefined" && source instanceof Blob) return source.size;
  return undefined;
}
