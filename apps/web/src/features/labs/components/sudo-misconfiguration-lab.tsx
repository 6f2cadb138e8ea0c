import { ConsoleLab } from './console-lab';

/** docs/product.md#in-page-labs: a terminal on srv01 as player; the server replays the session's lines. */
export function SudoMisconfigurationLab() {
  return (
    <ConsoleLab
      labId="sudo-misconfiguration"
      action="run"
      field="command"
      prompt="player@srv01:~$ "
      placeholder="sudo -l"
      sendsHistory
    />
  );
}
