import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One HTTP answer, its body in base64: what the fast-lane tests compare between the socket and Fastify. */
export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Headers Node writes on the socket itself (Date, keep-alive), which app.inject does not; each answer's own id. */
const socketOnly = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);
export const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !socketOnly.has(name)));

/** A request over a real socket to the listening app on `port`, as host `host`. */
export function overSocket(
  port: number,
  host: string,
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request({ port, host: '127.0.0.1', method, path: url, headers: { host, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('base64') }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** The same request through Fastify's own routing (app.inject), never the fast lane. */
export async function byFastify(
  app: FastifyInstance,
  host: string,
  method: 'GET' | 'HEAD',
  url: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const response = await app.inject({ method, url, headers: { host, ...headers } });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload.toString('base64') };
}
