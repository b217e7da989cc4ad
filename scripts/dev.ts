// `npm run dev`: the server with --watch on :44300 and Vite's dev server on :4200 (proxying the API
// and the identity server to it). Sign in from http://localhost:4200/.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, SERVE_SPA: 'false' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
