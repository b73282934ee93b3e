/* `scord check`: run a program built with scord-nvcc under the race
 * checker, the way `compute-sanitizer --tool racecheck ./app` is used.
 *
 * The checking itself happens inside the program: its CUDA runtime layer
 * (driver/cuda) arms the detector for every launch and prints each race
 * when the launch completes. This command sets the environment that layer
 * reads (SCORD_DEVICE, SCORD_DETECT_MODE, SCORD_CHECK_EXITCODE, SCORD_SARIF), runs the
 * program and passes its exit status on, so a script can tell a racy run
 * from a clean one by the status alone. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

const char cli_check_help[] =
    "usage: scord [--device URI] check [options] ./app [args...]\n"
    "\n"
    "Run a CUDA program built with scord-nvcc with the race detector armed for each\n"
    "of its launches; races are printed as the launches complete, naming both\n"
    "accesses' .cu file and line. The program's own output and exit status are\n"
    "kept, except that a run that found races exits with --error-exitcode.\n"
    "\n"
    "options:\n"
    "  --error-exitcode N   exit status when a race was found (default 1; 0 leaves\n"
    "                       the program's own status)\n"
    "  --detect-mode MODE   full (default), cache, or off (run without checking)\n"
    "  --sarif FILE         also write every race as a SARIF 2.1.0 log, as 'scord run\n"
    "                       --sarif' does ('-': stdout)\n"
    "  -h, --help           this text\n"
    "\n"
    "exit codes: the program's; N when it found races; 2 usage error; 3 the\n"
    "program could not be started; 128+S when it was killed by signal S.\n";

int cli_check(const char *uri, bool uri_given, int argc, char **argv)
{
    const char *exitcode = "1", *mode = NULL, *sarif = NULL;
    int i = 0;
    for (; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(cli_check_help, stdout);
            return EXIT_OK;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--error-exitcode", &missing)) || missing) {
            uint64_t n;
            if (missing || !cli_parse_u64(v, false, &n) || n > 255)
                return cli_usage_error("--error-exitcode needs a number from 0 to 255%s", "");
            exitcode = v;
            continue;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--detect-mode", &missing)) || missing) {
            if (missing || (strcmp(v, "full") && strcmp(v, "cache") && strcmp(v, "off")))
                return cli_usage_error("--detect-mode takes full, cache or off%s", "");
            mode = v;
            continue;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--sarif", &missing)) || missing) {
            if (missing || !*v)
                return cli_usage_error("--sarif needs a file name%s", "");
            sarif = v;
            continue;
        }
        if (!strcmp(a, "--"))
            i++;
        else if (a[0] == '-')
            return cli_usage_error("unknown option '%s' (see 'scord check --help')", a);
        break;
    }
    if (i >= argc)
        return cli_usage_error("missing the program to check%s", "");
    if (setenv("SCORD_CHECK_EXITCODE", exitcode, 1) ||
        (mode && setenv("SCORD_DETECT_MODE", mode, 1)) ||
        (sarif && setenv("SCORD_SARIF", sarif, 1)) ||
        (uri_given && setenv("SCORD_DEVICE", uri, 1))) {
        fprintf(stderr, "%s: cannot set the environment: %s\n", cli_prog, strerror(errno));
        return EXIT_DEVICE;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", cli_prog, strerror(errno));
        return EXIT_DEVICE;
    }
    if (pid == 0) {
        execvp(argv[i], argv + i);
        fprintf(stderr, "%s: cannot run '%s': %s\n", cli_prog, argv[i], strerror(errno));
        _exit(EXIT_DEVICE);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "%s: waiting for '%s': %s\n", cli_prog, argv[i], strerror(errno));
            return EXIT_DEVICE;
        }
    if (WIFSIGNALED(st)) {
        fprintf(stderr, "%s: '%s' was killed by signal %d\n", cli_prog, argv[i], WTERMSIG(st));
        return 128 + WTERMSIG(st);
    }
    return WEXITSTATUS(st);
}
