import net from 'node:net';

/**
 * A TCP proxy the test controls, in front of a server it shares (the machine's Redis or
 * PostgreSQL): the gateway connects through it, and the test makes that server unreachable
 * (`cut`: open connections are closed and new ones are closed as soon as they arrive, as a
 * restarted or firewalled server does) and reachable again (`restore`) without touching the
 * server itself or anyone else's connections to it.
 */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Closes every connection through the proxy and refuses new ones until `restore`. */
  cut(): Promise<void>;
  /** Lets new connections through again. */
  restore(): void;
  /** Cuts and stops listening. */
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    // Either side's error or end ends both: the proxy never keeps half a connection.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');

  async function cut() {
    isCut = true;
    const closing = [...open].map(
      (socket) =>
        new Promise<void>((resolve) =>
          socket.destroyed ? resolve() : socket.once('close', () => resolve()),
        ),
    );
    for (const socket of open) socket.destroy();
    await Promise.all(closing);
  }

  return {
    port: address.port,
    cut,
    restore() {
      isCut = false;
    },
    async close() {
      await cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
