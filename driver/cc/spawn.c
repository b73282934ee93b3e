/* spawn.c: see spawn.h. */
#define _POSIX_C_SOURCE 200809L
#include "spawn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void argv_push(struct argv_buf *a, const char *prog, const char *s)
{
    if (a->n + 2 > a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 32;
        const char **v = realloc(a->v, cap * sizeof *v);
        if (!v) {
            fprintf(stderr, "%s: out of memory\n", prog);
            exit(SPAWN_MISSING);
        }
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

void argv_push_all(struct argv_buf *a, const char *prog, const char *const *list)
{
    for (; *list; list++)
        argv_push(a, prog, *list);
}

void argv_push_buf(struct argv_buf *a, const char *prog, const struct argv_buf *b)
{
    for (size_t i = 0; i < b->n; i++)
        argv_push(a, prog, b->v[i]);
}

int spawn_run(const struct argv_buf *a, bool verbose, const char *prog, const char *hint)
{
    if (verbose) {
        for (size_t i = 0; i < a->n; i++)
            fprintf(stderr, "%s%s", i ? " " : "", a->v[i]);
        fputc('\n', stderr);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
        return SPAWN_MISSING;
    }
    if (pid == 0) {
        execvp(a->v[0], (char *const *)a->v);
        fprintf(stderr, "%s: cannot run '%s': %s%s%s%s\n", prog, a->v[0], strerror(errno),
                hint ? " (" : "", hint ? hint : "", hint ? ")" : "");
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return SPAWN_MISSING;
    if (WIFEXITED(st))
        return WEXITSTATUS(st) == 127 ? SPAWN_MISSING : WEXITSTATUS(st) ? SPAWN_FAILED : SPAWN_OK;
    fprintf(stderr, "%s: '%s' was killed by signal %d\n", prog, a->v[0], WTERMSIG(st));
    return SPAWN_FAILED;
}
