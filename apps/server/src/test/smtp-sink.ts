import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a recipient got it: the whole raw message, headers first. */
export interface ReceivedMail {
  to: string;
  data: string;
  messageId: string;
}

/**
 * A real SMTP server on a free loopback port for a test, keeping every message it takes. The
 * addresses in `refuse` are turned away for good (550, a hard bounce); `delayMs` is how long it
 * takes to accept each message, as a slow provider would.
 */
export async function startSmtpSink({
  refuse = [],
  delayMs = 0,
}: { refuse?: readonly string[]; delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse.includes(address.address)) return callback();
      callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(data)?.[1] ?? '';
        const accept = () => {
          for (const rcpt of session.envelope.rcptTo)
            received.push({ to: rcpt.address, data, messageId });
          callback();
        };
        if (delayMs > 0) setTimeout(accept, delayMs);
        else accept();
      });
    },
  });
  // A client that dies in the middle of a message (a dispatch worker killed by SIGKILL, in the
  // exactly-once test) resets its connection, and smtp-server passes that on as the server's
  // 'error': unheard, it failed the run as an uncaught exception after every test had passed.
  // Anything else is still thrown.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
