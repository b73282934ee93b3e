/* A pool of worker processes for independent jobs whose results must come
 * out exactly as a serial run gives them.
 *
 * Jobs 0..n-1 run in forked workers, each job handed to the next idle one;
 * a job's result is a byte string (its "blob") sent back through a pipe.
 * The parent hands every blob to commit() in job order, whatever order the
 * jobs finished in, so everything commit() prints or stores is the same as
 * with one worker. With one worker (or one job) nothing is forked: the jobs
 * run in this process, through the same run() and commit().
 *
 * A worker that dies (a crash in a job, a signal) costs only its job: lost()
 * makes that job's blob from the reason, and a new worker takes over. */
#ifndef SCORD_SCOR_POOL_H
#define SCORD_SCOR_POOL_H

#include <stddef.h>

struct pool_ops {
    /* Run job i (in a worker). *blob: malloc'd result, *len its size;
     * returns 0, or -1 if no blob could be made (out of memory: the job
     * then counts as lost). */
    int (*run)(size_t i, void *ctx, char **blob, size_t *len);
    /* In the parent, in job order: the blob of job i. */
    void (*commit)(size_t i, const char *blob, size_t len, void *ctx);
    /* In the parent: job i gave no blob (why: e.g. "worker killed by
     * signal 11"); make one for commit() as run() would have. Returns 0 or
     * -1 (out of memory: the pool stops with an error). */
    int (*lost)(size_t i, const char *why, void *ctx, char **blob, size_t *len);
};

/* The number of online CPUs (at least 1): the default worker count. */
unsigned pool_default_workers(void);

/* Run jobs 0..njobs-1 on up to `workers` processes. Returns 0 when every
 * job was committed, -1 on a failure of the pool itself (cannot fork or
 * make a pipe, out of memory), with a message on stderr. */
int pool_run(size_t njobs, unsigned workers, const struct pool_ops *ops, void *ctx);

#endif
