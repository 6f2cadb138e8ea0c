import { runCli } from './run-cli.js';

// The entry of `npm run drapeau` (scripts/drapeau.mjs) and of `node apps/server/dist/cli.js` in the container image.
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`drapeau: ${String(error)}\n`);
    process.exit(1);
  },
);
