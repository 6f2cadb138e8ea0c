export function buildStep(
  label: string,
  command: string,
  args: readonly string[],
  options: { cwd: string; write?: (text: string) => void; writeError?: (text: string) => void },
): { ok: boolean; status: number };
