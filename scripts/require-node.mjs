// Stops `npm start` and `npm test` at once, with a message that says what to do, on a Node older
// than package.json's `engines` floor (npm only warns about it, and the failures it leads to, such
// as a missing API deep in a dependency, do not say that the Node version is the cause).
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const floor = /(\d+)\.(\d+)/.exec(engines.node);
if (floor) {
  const [, major, minor] = floor.map(Number);
  const [ownMajor, ownMinor] = process.versions.node.split('.').map(Number);
  if (ownMajor < major || (ownMajor === major && ownMinor < minor)) {
    console.error(
      [
        '',
        `  Alumnet needs Node.js ${major}.${minor} or newer (Node ${major} LTS); this is Node ${process.version}.`,
        `  Install Node ${major} (with nvm: \`nvm install\`, which reads .nvmrc), then run \`npm ci\` again.`,
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
}
