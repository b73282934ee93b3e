/* Driver of every fuzz target (see fuzz.h).
 *
 *   scord-fuzz-<target> FILE|DIR...   replay: run each file (each file of a
 *                                     directory) once; prints
 *                                     "PASS fuzz/<target>: N inputs"
 *   under afl-fuzz (no arguments)     persistent mode, the input from AFL++'s
 *                                     shared memory
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "unit.h"

#ifndef FUZZ_TARGET
#define FUZZ_TARGET "target"
#endif
#define MAX_INPUT (1u << 20)

void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "fuzz/%s: %s:%d: property failed: %s: ", FUZZ_TARGET, file, line, cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

static unsigned long replayed;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz/%s: cannot open %s: %s\n", FUZZ_TARGET, path, strerror(errno));
        return -1;
    }
    static uint8_t buf[MAX_INPUT];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    fuzz_one(buf, n);
    replayed++;
    return 0;
}

static int replay(const char *path)
{
    struct stat st;
    if (stat(path, &st)) {
        fprintf(stderr, "fuzz/%s: %s: %s\n", FUZZ_TARGET, path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    struct dirent **list;
    int n = scandir(path, &list, NULL, alphasort), rc = 0;
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        if (list[i]->d_name[0] != '.') {
            char p[4096];
            snprintf(p, sizeof p, "%s/%s", path, list[i]->d_name);
            if (replay_file(p))
                rc = -1;
        }
        free(list[i]);
    }
    free(list);
    return rc;
}

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

int main(int argc, char **argv)
{
    /* The verdict goes to the stdout we were given, even if the target
     * silences its own (the CLI's messages). */
    FILE *report = fdopen(dup(1), "w");
    if (!report)
        report = stderr;
    fuzz_init();
#ifdef __AFL_FUZZ_TESTCASE_LEN
    if (argc < 2) {
        __AFL_INIT();
        const uint8_t *buf = __AFL_FUZZ_TESTCASE_BUF;
        while (__AFL_LOOP(2000))
            fuzz_one(buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
        return 0;
    }
#endif
    if (argc < 2) {
        fprintf(stderr, "usage: scord-fuzz-%s FILE|DIR... (replay inputs)\n", FUZZ_TARGET);
        return 2;
    }
    int rc = 0;
    for (int i = 1; i < argc; i++)
        if (replay(argv[i]))
            rc = 1;
    unit_output(report);
    if (rc) {
        unit_fail("%lu inputs replayed", replayed);
        unit_reportf(0, "fuzz/%s", FUZZ_TARGET);
    } else {
        unit_reportf(1, "fuzz/%s: %lu inputs replayed", FUZZ_TARGET, replayed);
    }
    fclose(report);
    return rc;
}
