// `npm run dev`: the API server with reload on :5001 (tsx watch) and Vite with hot reload on PORT (5000),
// which proxies /api to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
