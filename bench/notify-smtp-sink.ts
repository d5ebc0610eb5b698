/**
 * The SMTP server of bench:notify's third part, in a process of its own so that receiving does
 * not take the sender's core: smtp-server on a free loopback port, counting each message by its
 * recipient and by its Message-ID (one digest a member a day: a second with the same id is a
 * duplicate). Tells its parent its port, and on "count" what it has received.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let received = 0;
const ids = new Set<string>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // The sender's pool opens several connections.
  maxClients: 100,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString();
    });
    stream.on('end', () => {
      received += 1;
      ids.add(/^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `none-${received}`);
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.server.address() as AddressInfo).port });
});
process.on('message', () => process.send!({ received, distinct: ids.size }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
