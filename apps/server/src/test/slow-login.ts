import { request, type IncomingHttpHeaders } from 'node:http';

const LOGIN = JSON.stringify({ userName: 'member@demo.alumnet.dev', password: 'alumnet-demo' });

export interface SlowLoginAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The demo member's sign-in over a real socket, its body in two parts: in flight until `finish`
 * sends the rest. The rest then arrives as a later read of the socket, outside the call's own
 * turn of the event loop.
 */
export function slowLogin(url: string) {
  const { hostname, port } = new URL(url);
  const body = Buffer.from(LOGIN);
  let resolveAnswer: (answer: SlowLoginAnswer) => void;
  let rejectAnswer: (error: Error) => void;
  const answer = new Promise<SlowLoginAnswer>((resolve, reject) => {
    resolveAnswer = resolve;
    rejectAnswer = reject;
  });
  const req = request(
    {
      hostname,
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    },
    (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    },
  );
  req.on('error', (error) => rejectAnswer(error));
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  return { answer, finish: () => req.end(body.subarray(half)) };
}
