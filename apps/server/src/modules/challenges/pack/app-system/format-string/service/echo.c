/*
 * The Format String challenge as a real service (docs/operations.md "The built-in pack's services"): a TCP
 * echo that reads one line and prints it back with printf(line), the very bug of the in-page lab. The secret is the
 * instance's flag (the environment variable FLAG), copied to the heap; a pointer to it sits on the stack beside the
 * buffer. Each connection is served by a child process of its own, so a wrong %s crashes that connection only.
 */
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static void serve(const char *flag) {
  char *secret = strdup(flag); /* on the heap; its address on the stack, a few words after the buffer */
  char line[64];
  setvbuf(stdout, NULL, _IONBF, 0);
  puts("Echo service. Say something:");
  if (fgets(line, sizeof line, stdin) == NULL) return;
  printf(line);
  fputs("\nBye.\n", stdout);
  if (secret[0] == '\0') puts("(no secret set)");
}

int main(void) {
  const char *flag = getenv("FLAG");
  int port = getenv("PORT") ? atoi(getenv("PORT")) : 1337;
  int server = socket(AF_INET, SOCK_STREAM, 0);
  int yes = 1;
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_ANY)};
  if (flag == NULL) flag = "CTF{no_flag_given}";
  signal(SIGCHLD, SIG_IGN); /* children reaped by the kernel */
  setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  if (bind(server, (struct sockaddr *)&address, sizeof address) != 0 || listen(server, 16) != 0) {
    perror("listen");
    return 1;
  }
  for (;;) {
    int client = accept(server, NULL, NULL);
    if (client < 0) continue;
    if (fork() == 0) {
      close(server);
      alarm(60); /* an idle connection ends */
      dup2(client, 0);
      dup2(client, 1);
      dup2(client, 2);
      serve(flag);
      _exit(0);
    }
    close(client);
  }
}
