/* The scord command's modules. scord_cli.c reads the global options and
 * runs a command; the `run` command is run.c, which parses its options
 * with options.c and reports the races it finds with report.c (SARIF:
 * sarif.c). A file calls only the files after it in that list. */
#ifndef SCORD_CLI_H
#define SCORD_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "scord.h"

enum { EXIT_OK = 0, EXIT_KERNEL = 1, EXIT_USAGE = 2, EXIT_DEVICE = 3, EXIT_RACES = 4 };

#define MAX_ARG_WORDS 64
#define MAX_DUMPS 32

/* "scord": every message starts with it. */
extern const char cli_prog[];

enum arg_kind { ARG_WORD, ARG_ZEROS, ARG_SEQ };
struct arg {
    enum arg_kind kind;
    uint32_t value; /* the word, or N */
};
struct dump {
    char symbol[128]; /* a kernel symbol, or "@N": the buffer of argument N */
    uint32_t bytes;   /* 0: the symbol's or the buffer's size */
    scord_addr addr;  /* resolved before the launch */
};
struct run_opts {
    struct scord_dim3 grid, block;
    uint32_t shared;  /* dynamic shared memory per block */
    double timeout_s;
    const char *trace;
    struct dump dumps[MAX_DUMPS];
    int ndumps;
    bool quiet;
    bool warnings_fail;   /* --warnings-as-errors: warnings count in the exit code */
    struct scord_detector_config det;
    uint32_t printf_bytes; /* --printf-buffer; 0: the library's default */
    const char *json;
    const char *sarif;
    const char *kernel;
    struct arg args[MAX_ARG_WORDS];
    int nargs;
};

/* ---- options.c ---------------------------------------------------------- */

extern const char cli_run_help[];

/* Prints "scord: ", fmt (with what for its %s) and where help is on
 * stderr; returns EXIT_USAGE. */
int cli_usage_error(const char *fmt, const char *what);
/* The whole string as a number: decimal, or 0x hex when allow_hex; no
 * sign, no space. */
bool cli_parse_u64(const char *s, bool allow_hex, uint64_t *out);
/* Value of option `name` at argv[*i]: "--name=V" or "--name V" (*i then
 * moves to V); NULL, with *missing set, when V is absent. */
const char *cli_opt_value(int argc, char **argv, int *i, const char *name, bool *missing);
/* The run command's words into *o (zeroed by the caller): 0, -1 when the
 * help was printed, or EXIT_USAGE after a message. */
int cli_parse_run(int argc, char **argv, struct run_opts *o);

/* ---- report.c ----------------------------------------------------------- */

/* Drain the ring, print every race (text to out, JSON to json, SARIF to
 * sarif, *sarif_written set once the SARIF log is; finished: the kernel ran
 * to its end), then the summary. Returns EXIT_RACES if any race was found,
 * EXIT_OK if none, EXIT_DEVICE if the ring could not be read. */
int cli_report_races(scord_device *dev, const scord_kernel *k, const struct run_opts *o,
                     FILE *out, FILE *json, FILE *sarif, bool finished, bool *sarif_written);

/* ---- run.c -------------------------------------------------------------- */

/* The run command on device uri, with the words after "run". */
int cli_run(const char *uri, int argc, char **argv);

/* ---- check.c ------------------------------------------------------------ */

extern const char cli_check_help[];
/* The check command: run a scord-nvcc program with the words after
 * "check"; uri_given: --device was given (passed on as SCORD_DEVICE). */
int cli_check(const char *uri, bool uri_given, int argc, char **argv);

#endif
