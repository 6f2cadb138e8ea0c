import { ConsoleLab } from './console-lab';

/** The program the server simulates (apps/server/src/modules/labs/handlers/format-string.ts): what the student reads. */
const ECHO_C = `#include <stdio.h>
#include <stdlib.h>

static const char *motd = "Welcome to the echo service";

int main(void) {
    char *secret = load_secret();   /* malloc'd copy of /root/flag.txt */
    long visits = 1;
    char buf[64];

    setvbuf(stdout, NULL, _IOFBF, 0);
    fgets(buf, sizeof buf, stdin);
    printf(buf);                    /* the bug */
    return 0;
}
`;

/** docs/product.md#in-page-labs: echo's source, and a line sent to its standard input. */
export function FormatStringLab() {
  return (
    <ConsoleLab
      labId="format-string"
      action="run"
      field="line"
      prompt="$ ./echo <<< "
      placeholder="AAAAAAAA %p %p %p"
      source={ECHO_C}
      messageCodes={['segfault']}
    />
  );
}
