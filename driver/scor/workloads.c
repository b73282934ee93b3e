/* scord-scor's workloads: the manifest kernels (micro.def: the
 * microbenchmarks and the detector's per-rule kernels; beyond.def) and
 * both builds of each application compiled in, which of them the command
 * line selects, and the table of their results. */
#include <stdlib.h>
#include <string.h>

#include "beyond.h"
#include "micro.h"
#include "scor.h"

#define SCOR_KERNEL(g, n, l, c, t, d) {#g, n, l, c, t, d, NULL, 0, 0, 0, 0, 0, 0},
#define SCOR_BEYOND(k, n, c, t, gx, gy, bx, by, sz, chk, d)                                   \
    {"beyond", n, 0, c, t, d, #k, gx, gy, bx, by, sz, chk},
static const struct kdef kdefs[] = {
#include "micro.def"
#include "beyond.def"
};
#undef SCOR_KERNEL
#undef SCOR_BEYOND
#define NUM_KDEFS (sizeof kdefs / sizeof kdefs[0])

struct work *scor_works;
size_t scor_nworks;
struct result *scor_results;

static void add_work(const char *name, const char *group, const struct kdef *k,
                     const struct scor_app *app, int racey, const char *dir)
{
    struct work *w = &scor_works[scor_nworks++];
    memset(w, 0, sizeof *w);
    w->name = name;
    w->group = group;
    w->k = k;
    w->app = app;
    w->racey = racey;
    snprintf(w->dir, sizeof w->dir, "%s", dir);
}

/* "NAME_racey" / "NAME_free": one build of application NAME (the names
 * --check prints are NAME_racey and NAME). */
static bool app_build_named(const struct work *w, const char *sel)
{
    size_t n = strlen(w->name);
    return w->app && !strncmp(sel, w->name, n) &&
           !strcmp(sel + n, w->racey ? "_racey" : "_free");
}

int scor_workloads_init(void)
{
    scor_works = calloc(NUM_KDEFS + 2 * scor_num_apps, sizeof *scor_works);
    if (!scor_works)
        return -1;
    for (size_t i = 0; i < NUM_KDEFS; i++) {
        char dir[128];
        snprintf(dir, sizeof dir, "sw/bench/%s/%s", kdefs[i].group, kdefs[i].name);
        add_work(kdefs[i].name, kdefs[i].group, &kdefs[i], NULL, SCOR_HAS_ERRORS(kdefs[i].cls), dir);
    }
    for (size_t i = 0; i < scor_num_apps; i++)
        for (int racey = 0; racey < 2; racey++)
            add_work(scor_apps[i]->name, "apps", NULL, scor_apps[i], racey, scor_apps[i]->dir);
    return 0;
}

int scor_select(const char *const *sel, int nsel)
{
    for (int s = 0; s < nsel; s++) {
        bool hit = false;
        for (size_t i = 0; i < scor_nworks; i++)
            if (!strcmp(sel[s], scor_works[i].name) || !strcmp(sel[s], scor_works[i].group) ||
                !strcmp(sel[s], "all") || app_build_named(&scor_works[i], sel[s])) {
                scor_works[i].selected = true;
                hit = true;
            }
        bool group_word = !strcmp(sel[s], "micro") || !strcmp(sel[s], "detector") ||
                          !strcmp(sel[s], "beyond") || !strcmp(sel[s], "apps") ||
                          !strcmp(sel[s], "all");
        if (!hit && !group_word)
            return scor_usage_error("unknown workload '%s' (--list shows them)", sel[s]);
    }
    if (!nsel)
        for (size_t i = 0; i < scor_nworks; i++)
            scor_works[i].selected = true;
    return 0;
}

void scor_list_workloads(void)
{
    for (size_t i = 0; i < scor_nworks; i++)
        if (!scor_works[i].racey || !scor_works[i].app)
            printf("%-9s %-34s %s\n", scor_works[i].group, scor_works[i].name,
                   scor_works[i].k ? scor_works[i].k->desc
                                   : "application (race-free and RACEY builds)");
}

int scor_results_init(void)
{
    scor_results = calloc(scor_nworks * NUM_CONFIGS, sizeof *scor_results);
    return scor_results ? 0 : -1;
}

/* Whether workload i runs under configuration c. */
bool scor_runs(size_t i, size_t c)
{
    return scor_works[i].selected && scor_opt.cfg_on[c] &&
           !(scor_opt.cfg_default && scor_configs[c].fp_only && scor_works[i].app &&
             scor_works[i].racey);
}

void scor_workloads_free(void)
{
    free(scor_results);
    free(scor_works);
}
