import net from "node:net";
import { afterAll } from "vitest";

/** Bytes that crossed the proxy so far, each way. */
export interface ByteCounts {
  /** Client to server: request lines, headers and bodies exactly as the client wrote them. */
  readonly sent: number;
  /** Server to client: status lines, headers and bodies (with any chunk framing) as the server wrote them. */
  readonly received: number;
}

export interface CountingProxy {
  readonly origin: string;
  counts(): ByteCounts;
}

/**
 * A TCP proxy on a loopback port in front of `target` that counts the bytes each way. A client
 * that talks through it is measured on the wire, whatever headers its library adds; an exchange's
 * size is the difference of two readings around it (bytes are counted before they are passed on,
 * so the reading after a client has its answer holds the whole exchange).
 */
export async function startCountingProxy(targetPort: number): Promise<CountingProxy> {
  let sent = 0;
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      received += chunk.length;
      client.write(chunk);
    });
    const close = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");
  return { origin: `http://127.0.0.1:${address.port}`, counts: () => ({ sent, received }) };
}
