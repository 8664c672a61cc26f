/**
 * The reference: bare node:http answering each path with the bytes the app sent for it (status, headers, body),
 * captured once by bench/run.ts. Whatever the app costs beyond this is routing, hooks, the database and our code.
 * Figures of one path that differ by a request header (a page in English and in Spanish) are told apart by the
 * headers each was captured with: the only work here beyond writing the bytes, and only on such paths.
 */
import http from 'node:http';

export interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What bench/run.ts sends: each path's answers, with the request headers each was captured with. */
export interface BareRoutes {
  routes: Array<{ url: string; requestHeaders: Record<string, string>; canned: Canned }>;
}

interface Answer {
  requestHeaders: Array<[string, string]>;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
const routes = new Map<string, Answer[]>();

function pick(answers: Answer[], request: http.IncomingMessage): Answer | undefined {
  if (answers.length === 1) return answers[0];
  return answers.find((answer) => answer.requestHeaders.every(([name, value]) => request.headers[name] === value));
}

process.on('message', (message: BareRoutes) => {
  for (const { url, requestHeaders, canned } of message.routes) {
    const answers = routes.get(url) ?? [];
    answers.push({
      ...canned,
      requestHeaders: Object.entries(requestHeaders),
      body: Buffer.from(canned.body, 'base64'),
    });
    // The answer captured with the most headers first: a request that has them all gets it.
    routes.set(
      url,
      answers.sort((a, b) => b.requestHeaders.length - a.requestHeaders.length),
    );
  }
  const server = http.createServer((request, response) => {
    const canned = pick(routes.get(request.url ?? '') ?? [], request);
    if (!canned) return void response.writeHead(404).end();
    response.writeHead(canned.status, canned.headers);
    response.end(canned.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});
process.on('disconnect', () => process.exit(0));
