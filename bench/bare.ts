/**
 * The reference: bare node:http answering each path with the bytes the app sent for it (status, headers, body),
 * captured once by bench/run.ts. Whatever the app costs beyond this is routing, hooks, the database and our code.
 */
import http from 'node:http';

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const routes = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();

process.on('message', (message: { routes: Record<string, Canned> }) => {
  for (const [url, canned] of Object.entries(message.routes)) {
    routes.set(url, { ...canned, body: Buffer.from(canned.body, 'base64') });
  }
  const server = http.createServer((request, response) => {
    const canned = routes.get(request.url ?? '');
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
