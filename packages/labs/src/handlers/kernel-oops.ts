import { hex64, isCanonical } from './kernel-stack.js';

/** What the kernel logs when vuln_ioctl returns to an address the student wrote (a Debian 12 x86-64 kernel). */
export function formatOops(frame: { returnAddress: bigint; savedRbp: bigint; ioctlAddress: bigint }): string {
  const { returnAddress, savedRbp, ioctlAddress } = frame;
  const retSite = 'vuln_ioctl+0x7a/0x80 [vuln_driver]';
  const common = [
    '[  142.133801] CPU: 1 PID: 2187 Comm: exploit Tainted: G           OE      6.1.0-18-amd64 #1  Debian 6.1.76-1',
    '[  142.133809] Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.16.2-debian-1.16.2-1 04/01/2014',
  ];
  if (!isCanonical(returnAddress)) {
    // `ret` pops a non-canonical address: #GP on the ret itself, RIP stays in vuln_ioctl; the popped rbp shows.
    return [
      '[  142.133742] general protection fault: 0000 [#1] PREEMPT SMP NOPTI',
      ...common,
      `[  142.133815] RIP: 0010:${retSite}`,
      '[  142.133821] Code: 48 89 e6 e8 0a fd ff ff 48 8d 75 f0 48 c7 c7 38 20 a4 c0 e8 4a 3b 6e c1 31 c0 c9 <c3> cc cc cc cc 0f 1f 00',
      `[  142.133830] RSP: 0018:ffffb1c2c0a3fe40 EFLAGS: 00010246`,
      `[  142.133836] RAX: 0000000000000000 RBX: 0000000000000000 RCX: 0000000000000000`,
      `[  142.133842] RBP: ${hex64(savedRbp)} R08: 0000000000000000 R09: ffffb1c2c0a3fcd8`,
      '[  142.133855] Call Trace:',
      '[  142.133859]  <TASK>',
      `[  142.133862]  ? vuln_ioctl+0x10/0x80 [vuln_driver] (${hex64(ioctlAddress + 0x10n)})`,
      '[  142.133866]  __x64_sys_ioctl+0x94/0xd0',
      '[  142.133871]  do_syscall_64+0x5c/0xc0',
      '[  142.133875]  entry_SYSCALL_64_after_hwframe+0x6e/0xd8',
      '[  142.133879]  </TASK>',
      '[  142.133883] ---[ end trace 0000000000000000 ]---',
    ].join('\n');
  }
  return [
    `[  142.133742] BUG: unable to handle page fault for address: ${hex64(returnAddress)}`,
    '[  142.133750] #PF: supervisor instruction fetch in kernel mode',
    '[  142.133755] #PF: error_code(0x0010) - not-present page',
    '[  142.133760] Oops: 0010 [#1] PREEMPT SMP NOPTI',
    ...common,
    `[  142.133815] RIP: 0010:0x${hex64(returnAddress)}`,
    `[  142.133821] Code: Unable to access opcode bytes at 0x${hex64(returnAddress - 0x2an)}.`,
    '[  142.133830] RSP: 0018:ffffb1c2c0a3fe48 EFLAGS: 00010246',
    '[  142.133836] RAX: 0000000000000000 RBX: 0000000000000000 RCX: 0000000000000000',
    `[  142.133842] RBP: ${hex64(savedRbp)} R08: 0000000000000000 R09: ffffb1c2c0a3fcd8`,
    '[  142.133855] Call Trace:',
    '[  142.133859]  <TASK>',
    '[  142.133866]  ? __x64_sys_ioctl+0x94/0xd0',
    '[  142.133871]  do_syscall_64+0x5c/0xc0',
    '[  142.133875]  entry_SYSCALL_64_after_hwframe+0x6e/0xd8',
    '[  142.133879]  </TASK>',
    '[  142.133883] ---[ end trace 0000000000000000 ]---',
  ].join('\n');
}
