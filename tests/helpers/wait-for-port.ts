import net from "node:net";

/** Whether something accepts connections on a loopback port right now. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Waits until the port is open (`up`) or closed, failing after `timeoutMs`. */
export async function waitForPort(port: number, options: { up?: boolean; timeoutMs?: number } = {}): Promise<void> {
  const { up = true, timeoutMs = 20_000 } = options;
  const deadline = Date.now() + timeoutMs;
  while ((await portOpen(port)) !== up) {
    if (Date.now() > deadline) throw new Error(`port ${port} did not ${up ? "open" : "close"} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
