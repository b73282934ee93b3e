/* Worker processes for scord-scor's independent simulations (pool.h).
 *
 * Each worker has two pipes: the parent writes job numbers into one, the
 * worker writes {job, length, blob} into the other. A worker exits when its
 * job pipe is closed. Workers are forks of the runner, so a job sees the
 * same tables and options as the parent. */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct worker {
    pid_t pid;    /* 0: none */
    int job_fd;   /* parent -> worker: job numbers */
    int res_fd;   /* worker -> parent: results */
    long job;     /* the job it runs, -1: idle */
};

struct slot {
    char *blob;
    size_t len;
    bool done;
};

struct msg_head {
    uint64_t job, len;
};

unsigned pool_default_workers(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : (unsigned)n;
}

static int write_full(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* 0: all n bytes read; -1: end of file or error before that. */
static int read_full(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

/* In the worker: run every job the parent sends until it closes the pipe. */
static void worker_loop(int job_fd, int res_fd, const struct pool_ops *ops, void *ctx)
{
    uint64_t job;
    while (read_full(job_fd, &job, sizeof job) == 0) {
        char *blob = NULL;
        size_t len = 0;
        if (ops->run((size_t)job, ctx, &blob, &len))
            _exit(3); /* no result: the parent reports the job as lost */
        struct msg_head h = {job, len};
        if (write_full(res_fd, &h, sizeof h) || write_full(res_fd, blob, len))
            _exit(3);
        free(blob);
    }
    _exit(0);
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static int spawn(struct worker *ws, unsigned n, unsigned k, const struct pool_ops *ops, void *ctx)
{
    int jp[2], rp[2];
    if (pipe(jp))
        return -1;
    if (pipe(rp)) {
        close(jp[0]);
        close(jp[1]);
        return -1;
    }
    fflush(NULL); /* nothing buffered may be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(jp[0]), close(jp[1]), close(rp[0]), close(rp[1]);
        return -1;
    }
    if (pid == 0) {
        /* The other workers' pipe ends must close here, or a worker would
         * never see the end of its own job pipe. */
        for (unsigned i = 0; i < n; i++) {
            close_fd(&ws[i].job_fd);
            close_fd(&ws[i].res_fd);
        }
        close(jp[1]);
        close(rp[0]);
        signal(SIGPIPE, SIG_DFL);
        worker_loop(jp[0], rp[1], ops, ctx);
    }
    close(jp[0]);
    close(rp[1]);
    ws[k] = (struct worker){pid, jp[1], rp[0], -1};
    return 0;
}

/* Why worker w ended, after its pipe closed; force: it sent something
 * malformed instead and may still run, so it is killed first. */
static void reap(struct worker *w, bool force, char *why, size_t len)
{
    int st = 0;
    pid_t r;
    if (force)
        kill(w->pid, SIGKILL);
    while ((r = waitpid(w->pid, &st, 0)) < 0 && errno == EINTR)
        ;
    if (r < 0)
        snprintf(why, len, "worker process lost");
    else if (WIFSIGNALED(st))
        snprintf(why, len, "worker process killed by signal %d (%s)", WTERMSIG(st),
                 strsignal(WTERMSIG(st)));
    else
        snprintf(why, len, "worker process exited with status %d", WEXITSTATUS(st));
    w->pid = 0;
    close_fd(&w->job_fd);
    close_fd(&w->res_fd);
}

/* Give worker w the next job, or close its job pipe when none is left.
 * -1: the worker is gone (the job stays for another). */
static int hand_out(struct worker *w, size_t *next, size_t njobs)
{
    if (*next >= njobs) {
        close_fd(&w->job_fd);
        return 0;
    }
    uint64_t job = *next;
    if (write_full(w->job_fd, &job, sizeof job))
        return -1;
    w->job = (long)(*next)++;
    return 0;
}

static int run_serial(size_t njobs, const struct pool_ops *ops, void *ctx)
{
    for (size_t i = 0; i < njobs; i++) {
        char *blob = NULL;
        size_t len = 0;
        if (ops->run(i, ctx, &blob, &len) && ops->lost(i, "out of memory", ctx, &blob, &len)) {
            fprintf(stderr, "out of memory\n");
            return -1;
        }
        ops->commit(i, blob, len, ctx);
        free(blob);
    }
    return 0;
}

/* Every worker slot busy while jobs remain: start missing workers, hand
 * idle ones a job. A worker that cannot take one is reaped and replaced;
 * *spawns bounds how often (a worker that dies at once every time must not
 * loop forever). */
static int keep_busy(struct worker *ws, unsigned n, size_t *next, size_t njobs,
                     const struct pool_ops *ops, void *ctx, size_t *spawns)
{
    for (unsigned k = 0; k < n; k++) {
        while (ws[k].job < 0 && *next < njobs) {
            if (!ws[k].pid) {
                if ((*spawns)-- == 0) {
                    fprintf(stderr, "worker pool: workers keep dying before taking a job\n");
                    return -1;
                }
                if (spawn(ws, n, k, ops, ctx)) {
                    perror("worker process");
                    return -1;
                }
            }
            if (hand_out(&ws[k], next, njobs)) {
                char why[160];
                reap(&ws[k], false, why, sizeof why);
            }
        }
        if (ws[k].job < 0 && *next >= njobs)
            close_fd(&ws[k].job_fd); /* idle for good: let it exit */
    }
    return 0;
}

/* Read the result of busy worker w into its job's slot; a worker that
 * ended instead loses its job (lost() makes the blob) and is reaped. */
static int collect(struct worker *w, struct slot *slots, const struct pool_ops *ops, void *ctx)
{
    struct msg_head h;
    size_t job = (size_t)w->job;
    char *blob = NULL;
    w->job = -1;
    int got = read_full(w->res_fd, &h, sizeof h);
    if (got == 0 && h.job == job && h.len < ((uint64_t)1 << 40) &&
        (blob = malloc(h.len ? (size_t)h.len : 1)) && read_full(w->res_fd, blob, (size_t)h.len) == 0) {
        slots[job] = (struct slot){blob, (size_t)h.len, true};
        return 0;
    }
    free(blob);
    char why[160];
    reap(w, got == 0, why, sizeof why);
    size_t len = 0;
    if (ops->lost(job, why, ctx, &blob, &len)) {
        fprintf(stderr, "out of memory\n");
        return -1;
    }
    slots[job] = (struct slot){blob, len, true};
    return 0;
}

int pool_run(size_t njobs, unsigned workers, const struct pool_ops *ops, void *ctx)
{
    if (workers <= 1 || njobs <= 1)
        return run_serial(njobs, ops, ctx);
    unsigned n = workers < njobs ? workers : (unsigned)njobs;
    struct worker *ws = calloc(n, sizeof *ws);
    struct slot *slots = calloc(njobs, sizeof *slots);
    struct pollfd *pfd = calloc(n, sizeof *pfd);
    unsigned *who = calloc(n, sizeof *who);
    if (!ws || !slots || !pfd || !who) {
        free(ws), free(slots), free(pfd), free(who);
        fprintf(stderr, "out of memory\n");
        return -1;
    }
    for (unsigned k = 0; k < n; k++)
        ws[k] = (struct worker){0, -1, -1, -1};
    /* A worker that died makes writing its job pipe fail, not kill us. */
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    size_t next = 0, committed = 0, spawns = n + njobs;
    int rc = -1;
    while (committed < njobs) {
        if (keep_busy(ws, n, &next, njobs, ops, ctx, &spawns))
            goto stop;
        unsigned np = 0;
        for (unsigned k = 0; k < n; k++)
            if (ws[k].job >= 0) {
                pfd[np] = (struct pollfd){ws[k].res_fd, POLLIN, 0};
                who[np++] = k;
            }
        if (!np) { /* cannot happen: a job not committed is running */
            fprintf(stderr, "worker pool: no job running\n");
            goto stop;
        }
        if (poll(pfd, np, -1) < 0) {
            if (errno == EINTR)
                continue;
            perror("poll");
            goto stop;
        }
        for (unsigned p = 0; p < np; p++)
            if (pfd[p].revents && collect(&ws[who[p]], slots, ops, ctx))
                goto stop;
        while (committed < njobs && slots[committed].done) {
            ops->commit(committed, slots[committed].blob, slots[committed].len, ctx);
            free(slots[committed].blob);
            slots[committed].blob = NULL;
            committed++;
        }
    }
    rc = 0;
stop:
    for (unsigned k = 0; k < n; k++) {
        close_fd(&ws[k].job_fd);
        close_fd(&ws[k].res_fd);
        if (ws[k].pid) {
            if (rc)
                kill(ws[k].pid, SIGTERM);
            while (waitpid(ws[k].pid, NULL, 0) < 0 && errno == EINTR)
                ;
        }
    }
    signal(SIGPIPE, old_pipe);
    for (size_t i = 0; i < njobs; i++)
        free(slots[i].blob);
    free(slots);
    free(ws);
    free(pfd);
    free(who);
    return rc;
}
