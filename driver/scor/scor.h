/* scord-scor internals: the workloads, the detector configurations and
 * the result of one run, and what the runner's files call in one another.
 *
 * scor.c (main) reads the options (options.c), builds and selects the
 * workloads (workloads.c), runs each selected workload under each chosen
 * configuration as a job in worker processes (jobs.c over pool.c: a job
 * is run.c's scor_run_one on a device of its own), then prints the
 * results (results.c). run.c runs a manifest kernel itself, a kernel of
 * the beyond group through beyond.c and an application through its
 * sw/bench/apps/<name>/host.c, listed by apps.c; those and beyond.c make
 * their device buffers with upload.c.
 *
 * Each file calls only the files after it in this list (none calls back):
 * scor.c, jobs.c, results.c, run.c, workloads.c, apps.c, the hosts,
 * beyond.c, upload.c, options.c, pool.c. */
#ifndef SCORD_SCOR_RUNNER_H
#define SCORD_SCOR_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scor_app.h"
#include "scord.h"

/* SCOR_WARN: races of severity warning only (lanes of one store writing
 * one value, docs/detector.md §8.2): every marked ID must be reported as a
 * warning, and no race of severity error may appear. */
enum scor_class { SCOR_FREE = 0, SCOR_RACY = 1, SCOR_LIMIT_FP = 2, SCOR_LIMIT_FN = 3, SCOR_WARN = 4 };
/* Kernels whose races are errors (a SCOR_WARN kernel's result is checked
 * like a race-free one's: one value, whichever lane wins). */
#define SCOR_HAS_ERRORS(cls) ((cls) != SCOR_FREE && (cls) != SCOR_WARN)
#define SCOR_RT(t) (1u << SCORD_RACE_##t)

/* ---- workloads (workloads.c) ---------------------------------------------- */

/* A kernel of the manifests (micro.def: the microbenchmarks and the
 * detector's per-rule kernels; beyond.def). */
struct kdef {
    const char *group, *name;
    unsigned layout, cls, types;
    const char *desc;
    /* The beyond group (beyond.def): the class of race ("shared", ...),
     * NULL for the micro and detector kernels; shape, size and check. */
    const char *klass;
    unsigned gx, gy, bx, by, n, check;
};

/* One thing to run: a manifest kernel or one build of an application. */
struct work {
    const char *name, *group;
    const struct kdef *k;       /* NULL for an application */
    const struct scor_app *app; /* NULL for a kernel */
    int racey;                  /* app: RACEY build; kernel: class != FREE */
    char dir[128];              /* source folder, e.g. sw/bench/micro/x */
    bool selected;
};

/* ---- configurations and options (options.c) ------------------------------- */

struct config {
    const char *name;
    int enable, cache;
    unsigned gran;
    bool on_request; /* not run when --configs is not given */
    /* when --configs is not given, not run on the applications' racey
     * builds: only Table VII reads the configuration (false positives of
     * the race-free builds) */
    bool fp_only;
};
#define NUM_CONFIGS 6
extern const struct config scor_configs[NUM_CONFIGS];
/* Index of the configuration named name in scor_configs, or -1. */
int scor_config_index(const char *name);

struct scor_options {
    const char *uri, *sw_dir, *root, *json, *data_dir;
    unsigned timeout_ms, ring;
    bool check, tables, progress, verbose, warmup, large;
    bool cfg_on[NUM_CONFIGS];
    bool cfg_default; /* no --configs: the configurations' defaults */
    unsigned jobs;    /* worker processes; 0: the default */
};
extern struct scor_options scor_opt;
extern const char scor_prog[]; /* "scord-scor": messages start with it */

/* The words of the command line that are not options. */
struct scor_words {
    const char *sel[256]; /* workloads and groups to run */
    int nsel;
    bool list; /* --list */
};
/* Reads the command line into scor_opt and *words. Returns -1 to go on,
 * else the exit code (0 after --help, 2 after a usage error). */
int scor_read_options(int argc, char **argv, struct scor_words *words);
/* A usage error on stderr; returns 2. */
int scor_usage_error(const char *fmt, ...);
/* snprintf through a function: truncating a long message is fine here. */
void scor_fmt_to(char *buf, size_t len, const char *fmt, ...);

/* ---- results (the runs: run.c; the arrays: workloads.c) ------------------- */

#define MAX_FP 64
struct result {
    bool ran;
    char error[300];
    unsigned expected, found, fp;
    uint32_t found_mask; /* bit per marker ID */
    /* records of severity warning: counted apart, neither found races nor
     * false positives; warn_found: marker IDs reported as warnings */
    unsigned warnings, warn_found;
    uint32_t warn_mask;
    unsigned marked_types;
    char fp_where[MAX_FP][96];
    unsigned records, drops;
    uint64_t occurrences;
    uint64_t cycles, dram, l2, det_l2, md_reads, md_writes, tag_mismatch, launches;
};

/* Every workload (micro, detector, beyond kernels, then both builds of
 * each application) and its results under each configuration. */
extern struct work *scor_works;
extern size_t scor_nworks;
extern struct result *scor_results; /* [work][config] */
#define RES(wi, ci) (&scor_results[(wi) * NUM_CONFIGS + (ci)])

/* Builds the list of workloads; -1 when out of memory. */
int scor_workloads_init(void);
/* Selects the workloads and groups named (all of them when none is);
 * returns 0 or a usage error's exit code. */
int scor_select(const char *const *sel, int nsel);
/* --list */
void scor_list_workloads(void);
/* Allocates the results; -1 when out of memory. */
int scor_results_init(void);
/* Whether workload i runs under configuration c. */
bool scor_runs(size_t i, size_t c);
void scor_workloads_free(void);

/* ---- running one workload (run.c) ------------------------------------------ */

/* Runs w under cfg on dev into *res (the race reports printed by -v go to
 * vout). Returns 0, or -1 with res->error set. */
int scor_run_one(scord_device *dev, const struct work *w, const struct config *cfg,
                 struct result *res, FILE *vout);
/* NULL if the result is what the workload's class promises, else why not
 * (in buf, or the run's error). */
const char *scor_verdict(const struct work *w, const struct config *cfg, const struct result *res,
                         char *buf, size_t len);

/* ---- jobs (jobs.c) ---------------------------------------------------------- */

/* Jobs run in parallel only on the in-process cycle model: a board is one
 * device, and a trace file would be written by every job at once. */
bool scor_parallel_device(const char *uri);
/* Runs every selected workload under every chosen configuration on up to
 * `workers` processes, printing progress and --check lines in a serial
 * run's order. *total and *failed receive the counts of jobs. Returns 0,
 * or -1 when the worker pool failed. */
int scor_run_jobs(unsigned workers, unsigned *total, unsigned *failed);

/* ---- output (results.c) ----------------------------------------------------- */

/* --json: every result as a JSON array into path ("-": stdout). Returns
 * 0, or 3 with a message when the file cannot be written. */
int scor_write_json(const char *path);
/* --tables: Table VI, Fig 8/9 data, Table VII, the beyond table. */
void scor_print_tables(void);
/* Without --check, --tables or --json: one line per run. */
void scor_print_summary(void);

/* ---- beyond.c --------------------------------------------------------------- */

/* A kernel of the "beyond" group (sw/bench/beyond/beyond.def). */
struct beyond_kernel {
    const char *name;
    unsigned gx, gy, bx, by; /* grid; block in threads or BEYOND_W(k) */
    unsigned n, check;       /* beyond_args.n; enum beyond_check (0: none) */
    int racy;
};

/* Run one beyond kernel (beyond.c): inputs, one launch through
 * ctx->launch, and for a race-free kernel its result against the host's
 * reference. A racy kernel's result is only described, on note when not
 * NULL. Returns 0, or -1 with ctx->msg set. */
int beyond_run(struct scor_ctx *ctx, const struct beyond_kernel *k, FILE *note);

/* ---- apps.c ----------------------------------------------------------------- */

/* Applications found at build time (apps.c, from the generated list). */
extern const struct scor_app *const scor_apps[];
extern const size_t scor_num_apps;

#endif
