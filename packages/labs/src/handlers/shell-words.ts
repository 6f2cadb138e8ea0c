import { expandWords } from './shell-expand.js';
import { parseScript, ShellSyntaxError } from './shell-syntax.js';

/**
 * The simple commands of a command line as a shell would run them (shell-syntax.ts): quotes removed, `$VAR` expanded
 * from `vars`, fields split; pipelines and `;`/`&&`/`||` lists flattened in order, subshells and command substitutions
 * left out. For labs that read what a player types into a shell but do not run a whole shell (shell-run.ts does).
 * `undefined` when the line is not valid sh (an unterminated quote).
 */
export function commandsOf(line: string, vars: ReadonlyMap<string, string>): string[][][] | undefined {
  let list;
  try {
    list = parseScript(line);
  } catch (error) {
    if (error instanceof ShellSyntaxError) return undefined;
    throw error;
  }
  const context = { vars, fs: new Map(), cwd: '/', substitute: () => '' };
  return list.flatMap((andOr) =>
    [andOr.first, ...andOr.rest.map((next) => next.pipeline)].map((pipeline) =>
      pipeline.commands.flatMap((command) => (command.type === 'simple' ? [expandWords(command.words, context)] : [])),
    ),
  );
}
