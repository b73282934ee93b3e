/* spawn.h: argument vectors and running a tool, for the compiler drivers
 * (scord-cc runs the RISC-V GCC, scord-nvcc runs scord-cc and g++).
 *
 * Both drivers exit with 3 when a tool cannot be started or memory runs
 * out, and with 1 when a tool reports an error (its messages come through
 * unchanged): spawn_run answers in those terms. */
#ifndef SCORD_SPAWN_H
#define SCORD_SPAWN_H

#include <stdbool.h>
#include <stddef.h>

enum { SPAWN_OK = 0, SPAWN_FAILED = 1, SPAWN_MISSING = 3 };

struct argv_buf {
    const char **v; /* NULL-terminated */
    size_t n, cap;
};

/* Append s (not copied). Out of memory: a message naming prog, exit 3. */
void argv_push(struct argv_buf *a, const char *prog, const char *s);
void argv_push_all(struct argv_buf *a, const char *prog, const char *const *list);
void argv_push_buf(struct argv_buf *a, const char *prog, const struct argv_buf *b);

/* Run a->v[0] with a->v (searched on PATH), printed first on stderr when
 * verbose. SPAWN_OK if it exited 0, SPAWN_FAILED if it exited otherwise or
 * was killed (said on stderr), SPAWN_MISSING if it could not be started:
 * "PROG: cannot run 'TOOL': why (HINT)", hint NULL for none. */
int spawn_run(const struct argv_buf *a, bool verbose, const char *prog, const char *hint);

#endif
