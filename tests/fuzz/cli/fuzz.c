/* Fuzz target: the scord CLI's argument parsing (the files of driver/cli/,
 * built into this harness with its main renamed). The input is the argument
 * list, NUL separated. The CLI must return one of its documented exit
 * codes (0-4) for any arguments.
 *
 * What the harness keeps from the outside world: scord_open() reaches only
 * the cycle model ("sim", "sim:latency=N"; a trace file or a board URI is
 * refused as if the device were absent), fopen() for writing (--json
 * FILE) writes to /dev/null, and fork() fails (`scord check` would run any
 * program the input names), so a run creates no files, opens no link and
 * starts nothing. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz.h"
#include "scord.h"
#include <sys/types.h>

int scord_cli_main(int argc, char **argv);

int fuzz_scord_open(scord_device **dev, const char *uri);
int fuzz_scord_open(scord_device **dev, const char *uri)
{
    if (uri && (strcmp(uri, "sim") == 0 || strncmp(uri, "sim:latency=", 12) == 0))
        return scord_open(dev, uri);
    if (dev)
        *dev = NULL;
    return SCORD_ERR_NO_DEVICE;
}

FILE *fuzz_fopen(const char *restrict path, const char *restrict mode);
FILE *fuzz_fopen(const char *restrict path, const char *restrict mode)
{
    if (strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+'))
        return fopen("/dev/null", "w");
    /* Reading: never a device that may block or never end. */
    if (strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0)
        return NULL;
    return fopen(path, mode);
}

pid_t fuzz_fork(void);
pid_t fuzz_fork(void)
{
    errno = EAGAIN;
    return -1;
}

void fuzz_init(void)
{
    /* The CLI prints usage errors; keep the fuzzer's console quiet. */
    if (!getenv("FUZZ_VERBOSE")) {
        (void)!freopen("/dev/null", "w", stdout);
        (void)!freopen("/dev/null", "w", stderr);
    }
}

#define MAX_ARGS 32

void fuzz_one(const uint8_t *data, size_t len)
{
    static char buf[4096];
    if (len >= sizeof buf)
        len = sizeof buf - 1;
    memcpy(buf, data, len);
    buf[len] = 0;
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = (char *)"scord";
    for (size_t i = 0; i <= len && argc <= MAX_ARGS;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
        if (i > len)
            break;
    }
    argv[argc] = NULL;
    int rc = scord_cli_main(argc, argv);
    FUZZ_ASSERT(rc >= 0 && rc <= 4, "exit code %d is not a documented one", rc);
    fflush(stdout);
}
