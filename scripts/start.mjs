// `npm start`: install what is missing, build the web app, then run the catalogue
// (migrations and the demo library happen in the server on first start).
import { spawn } from 'node:child_process';
import { ROOT, checkNode, ensureDependencies, run, step } from './lib.mjs';

checkNode();
await ensureDependencies();
if (process.env.SKIP_BUILD !== '1') {
  step('Building the web app');
  const code = await run('npm', ['run', 'build', '--silent']);
  if (code !== 0) process.exit(code);
}
step('Starting Estante');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
