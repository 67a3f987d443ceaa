import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** Messages refused at DATA (while `refuse` is set), in the order they came. */
  refused: ReceivedMail[];
  /** When set, every message is answered with this SMTP reply instead of being accepted, e.g. '554 5.7.1 Rejected'. */
  refuse: string | undefined;
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** Listen on this port (e.g. one a test reserved while "the server was down"); default: any free port. */
  port?: number;
  /** Refuse every message with this reply from the start (see `FakeSmtp.refuse`). */
  refuse?: string;
}

/**
 * A minimal SMTP server for tests (plain SMTP, no TLS, no auth): accepts every message and keeps
 * it, so a test can check what the server really sent over the wire; or refuses them, to play a
 * mail server that rejects mail.
 */
export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const refused: ReceivedMail[] = [];
  const state = { refuse: options.refuse };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (state.refuse) {
            refused.push(current);
            reply(state.refuse);
          } else {
            received.push(current);
            reply('250 OK: queued');
          }
          current = { from: '', to: [], data: '' };
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    get refuse() {
      return state.refuse;
    },
    set refuse(value) {
      state.refuse = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A local port nothing listens on (for "SMTP server down" tests). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
