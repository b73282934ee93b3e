/* What scord-scor prints of the results: the JSON array (--json), Table
 * VI, the data of Fig 8 and 9 and Table VII next to the paper's values,
 * the beyond group's table (--tables), and the one-line-per-run summary. */
#include <errno.h>
#include <string.h>

#include "scor.h"

/* The classes of the beyond group, in its table's order. */
static const char *const beyond_classes[] = {"shared", "shared-warp", "intra-warp", "bytes",
                                             "severity", "scoped", "locks", "acquire",
                                             "host-device"};
#define NUM_BEYOND_CLASSES (sizeof beyond_classes / sizeof beyond_classes[0])

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void json_result(FILE *f, const struct work *w, const struct config *c,
                        const struct result *r, bool first)
{
    fprintf(f, "%s\n  {\"name\": ", first ? "" : ",");
    json_str(f, w->name);
    fprintf(f, ", \"group\": \"%s\", \"racey\": %s, \"config\": \"%s\", ", w->group,
            w->racey ? "true" : "false", c->name);
    if (w->k && w->k->klass)
        fprintf(f, "\"class\": \"%s\", ", w->k->klass);
    fprintf(f, "\"expected_races\": %u, \"reported_races\": %u, \"false_positives\": %u, ",
            r->expected, r->found, r->fp);
    fprintf(f, "\"fp_lines\": [");
    for (unsigned i = 0; i < r->fp && i < MAX_FP; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, r->fp_where[i]);
    }
    fprintf(f, "], \"warnings\": %u, \"records\": %u, \"occurrences\": %llu, \"dropped\": %u, ",
            r->warnings, r->records,
            (unsigned long long)r->occurrences, r->drops);
    uint64_t meta = r->det_l2;
    fprintf(f, "\"launches\": %llu, \"cycles\": %llu, \"dram_accesses\": %llu, "
               "\"l2_accesses\": %llu, \"data_accesses\": %llu, \"metadata_accesses\": %llu, "
               "\"md_reads\": %llu, \"md_writes\": %llu, \"tag_mismatch\": %llu, \"error\": ",
            (unsigned long long)r->launches, (unsigned long long)r->cycles,
            (unsigned long long)r->dram, (unsigned long long)r->l2,
            (unsigned long long)(r->l2 > meta ? r->l2 - meta : 0), (unsigned long long)meta,
            (unsigned long long)r->md_reads, (unsigned long long)r->md_writes,
            (unsigned long long)r->tag_mismatch);
    if (r->error[0])
        json_str(f, r->error);
    else
        fputs("null", f);
    fputs("}", f);
}

/* Paper values (ScoRD, ISCA 2020) printed next to ours. */
static const struct {
    const char *name;
    unsigned races, fp8, fp16;
} paper[] = {{"mm", 4, 1, 3},   {"red", 2, 1, 1},  {"r110", 2, 2, 2}, {"gcol", 6, 27, 29},
             {"gcon", 5, 28, 28}, {"1dc", 1, 1, 2}, {"uts", 6, 12, 23}};
#define NUM_PAPER (sizeof paper / sizeof paper[0])

static int find_work(const char *name, int racey)
{
    for (size_t i = 0; i < scor_nworks; i++)
        if (!strcmp(scor_works[i].name, name) && scor_works[i].racey == racey && scor_works[i].app)
            return (int)i;
    return -1;
}

static bool have(size_t wi, int ci)
{
    return ci >= 0 && scor_opt.cfg_on[ci] && RES(wi, ci)->ran && !RES(wi, ci)->error[0];
}

/* Why an application has no row: not compiled in, not selected, or its
 * runs failed (the error is on stderr / in the JSON). */
static const char *app_missing(const char *name, int racey)
{
    int a = find_work(name, racey);
    if (a < 0)
        return "application not present";
    if (!scor_works[a].selected)
        return racey ? "RACEY build not selected" : "race-free build not selected";
    return "not measured (a run failed or a configuration was not selected)";
}

/* The beyond group, one row per class of race: unique races present
 * (marker IDs of the racy kernels) and found, race-free kernels without
 * any report, false positives (distinct unmarked lines reported, racy and
 * race-free kernels), under full and cache mode. */
static void print_beyond_table(void)
{
    int full = scor_config_index("full"), cache = scor_config_index("cache");
    int cols[2] = {full, cache};
    bool any = false;
    for (size_t wi = 0; wi < scor_nworks && !any; wi++)
        any = scor_works[wi].selected && scor_works[wi].k && scor_works[wi].k->klass;
    if (!any)
        return;
    printf("\nRaces beyond ScoRD (sw/bench/beyond): unique races present and found, race-free "
           "kernels without a report, false positives (distinct unmarked lines)\n");
    printf("%-12s %5s %5s %8s %11s %12s %11s %12s %8s %9s\n", "class", "racy", "free", "present",
           "found full", "found cache", "clean full", "clean cache", "FP full", "FP cache");
    unsigned tot[9] = {0};
    bool col_ok[2] = {false, false};
    for (size_t c = 0; c <= NUM_BEYOND_CLASSES; c++) {
        unsigned v[9] = {0}; /* racy free present found[2] clean[2] fp[2] */
        if (c == NUM_BEYOND_CLASSES)
            memcpy(v, tot, sizeof v);
        for (size_t wi = 0; wi < scor_nworks && c < NUM_BEYOND_CLASSES; wi++) {
            const struct work *w = &scor_works[wi];
            if (!w->selected || !w->k || !w->k->klass || strcmp(w->k->klass, beyond_classes[c]))
                continue;
            bool racy = SCOR_HAS_ERRORS(w->k->cls);
            v[racy ? 0 : 1]++;
            unsigned present = 0; /* marker IDs: the same in every configuration */
            for (size_t k = 0; k < NUM_CONFIGS; k++)
                if (RES(wi, k)->expected > present)
                    present = RES(wi, k)->expected;
            v[2] += racy ? present : 0;
            for (int k = 0; k < 2; k++) {
                if (!have(wi, cols[k]))
                    continue;
                const struct result *r = RES(wi, cols[k]);
                col_ok[k] = true;
                v[3 + k] += racy ? r->found : 0;
                /* clean: no race of severity error; a kernel of warnings
                 * only must also have warned at every marked line */
                v[5 + k] += !racy && !r->records &&
                            (w->k->cls != SCOR_WARN || r->warn_found == r->expected);
                v[7 + k] += r->fp;
            }
        }
        if (c < NUM_BEYOND_CLASSES) {
            if (!v[0] && !v[1])
                continue;
            for (int k = 0; k < 9; k++)
                tot[k] += v[k];
        }
        char cells[6][16];
        for (int k = 0; k < 2; k++) {
            if (col_ok[k]) {
                snprintf(cells[k], sizeof cells[k], "%u", v[3 + k]);
                snprintf(cells[2 + k], sizeof cells[2 + k], "%u/%u", v[5 + k], v[1]);
                snprintf(cells[4 + k], sizeof cells[4 + k], "%u", v[7 + k]);
            } else {
                for (int m = 0; m < 3; m++)
                    snprintf(cells[2 * m + k], sizeof cells[0], "-");
            }
        }
        printf("%-12s %5u %5u %8u %11s %12s %11s %12s %8s %9s\n",
               c < NUM_BEYOND_CLASSES ? beyond_classes[c] : "total", v[0], v[1], v[2], cells[0],
               cells[1], cells[2], cells[3], cells[4], cells[5]);
    }
}

/* Races present (found: races found) over the selected racy
 * microbenchmarks that ran in configuration ci. */
static unsigned micro_races(int ci, bool found)
{
    unsigned n = 0;
    for (size_t wi = 0; wi < scor_nworks; wi++) {
        const struct work *w = &scor_works[wi];
        if (w->k && !strcmp(w->group, "micro") && w->k->cls == SCOR_RACY && w->selected &&
            have(wi, ci))
            n += found ? RES(wi, ci)->found : RES(wi, ci)->expected;
    }
    return n;
}

void scor_print_tables(void)
{
    int off = scor_config_index("off"), full = scor_config_index("full"),
        cache = scor_config_index("cache");
    int f8 = scor_config_index("full8"), f16 = scor_config_index("full16");
    /* Table VI */
    printf("\nTable VI: unique races present and found (ours; paper's in brackets)\n");
    printf("%-16s %8s %12s %12s\n", "workload", "present", "found full", "found cache");
    unsigned tp = 0, tf = 0, tc = 0;
    for (size_t p = 0; p < NUM_PAPER; p++) {
        int wi = find_work(paper[p].name, 1);
        if (wi < 0 || !scor_works[wi].selected) {
            printf("%-16s %8s %12s %12s   %s [%u %u %u]\n", paper[p].name, "-", "-", "-",
                   app_missing(paper[p].name, 1), paper[p].races, paper[p].races,
                   paper[p].races - !strcmp(paper[p].name, "r110"));
            continue;
        }
        const struct result *rf = have(wi, full) ? RES(wi, full) : NULL;
        const struct result *rc = have(wi, cache) ? RES(wi, cache) : NULL;
        if (!rf && !rc) {
            printf("%-16s %8s %12s %12s   %s [%u %u %u]\n", paper[p].name, "-", "-", "-",
                   app_missing(paper[p].name, 1), paper[p].races, paper[p].races,
                   paper[p].races - !strcmp(paper[p].name, "r110"));
            continue;
        }
        unsigned present = rf ? rf->expected : rc ? rc->expected : 0;
        printf("%-16s %8u %12u %12u   [%u %u %u]\n", paper[p].name, present, rf ? rf->found : 0,
               rc ? rc->found : 0, paper[p].races, paper[p].races,
               paper[p].races - !strcmp(paper[p].name, "r110"));
        tp += present;
        tf += rf ? rf->found : 0;
        tc += rc ? rc->found : 0;
    }
    unsigned mp = micro_races(full, false), mf = micro_races(full, true),
             mc = micro_races(cache, true);
    printf("%-16s %8u %12u %12u   [18 18 18]\n", "Microbenchmarks", mp, mf, mc);
    printf("%-16s %8u %12u %12u   [44 44 43]\n", "Total", tp + mp, tf + mf, tc + mc);

    /* Table VI's races found in sparse cache mode (one entry per 64
     * granules), when it ran (--configs ...,sparse) */
    int sparse = scor_config_index("sparse");
    if (scor_opt.cfg_on[sparse]) {
        printf("\nTable VI, sparse cache mode (1/64 granules): unique races found\n");
        printf("%-16s %8s %12s\n", "workload", "present", "found sparse");
        unsigned sp = 0, sf = 0;
        for (size_t p = 0; p < NUM_PAPER; p++) {
            int wi = find_work(paper[p].name, 1);
            if (wi < 0 || !scor_works[wi].selected || !have(wi, sparse))
                continue;
            printf("%-16s %8u %12u\n", paper[p].name, RES(wi, sparse)->expected,
                   RES(wi, sparse)->found);
            sp += RES(wi, sparse)->expected;
            sf += RES(wi, sparse)->found;
        }
        unsigned smp = micro_races(sparse, false), smf = micro_races(sparse, true);
        printf("%-16s %8u %12u\n", "Microbenchmarks", smp, smf);
        printf("%-16s %8u %12u\n", "Total", sp + smp, sf + smf);
    }

    /* Fig 8 and Fig 9: race-free application builds, then the micro mean */
    FILE *d8 = NULL, *d9 = NULL;
    if (scor_opt.data_dir) {
        char p[512];
        snprintf(p, sizeof p, "%s/fig8.dat", scor_opt.data_dir);
        d8 = fopen(p, "w");
        snprintf(p, sizeof p, "%s/fig9.dat", scor_opt.data_dir);
        d9 = fopen(p, "w");
        if (d8)
            fprintf(d8, "# workload cycles_full/off cycles_cache/off\n");
        if (d9)
            fprintf(d9, "# workload full_data full_meta cache_data cache_meta (L2 accesses / off)\n");
    }
    printf("\nFig 8: cycles normalised to detector off (race-free builds)\n");
    printf("%-16s %10s %10s %10s\n", "workload", "off", "full", "cache");
    double s8f = 0, s8c = 0, max8f = 0, max8c = 0;
    unsigned n8 = 0;
    char max8c_name[40] = "";
    double micro8f = 0, micro8c = 0; /* drawn after the apps' mean */
    struct row9 {
        char name[40];
        double fd, fm, cd, cm, dramf, dramc;
    } rows9[16];
    unsigned n9 = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: applications; pass 1: the mean over the microbenchmarks */
        size_t lim = pass ? 1 : NUM_PAPER;
        for (size_t p = 0; p < lim; p++) {
            double off_c = 0, full_c = 0, cache_c = 0, off_l2 = 0, off_dram = 0;
            double fd = 0, fm = 0, cd = 0, cm = 0, dramf = 0, dramc = 0;
            unsigned cnt = 0;
            const char *name = pass ? "micro (mean)" : paper[p].name;
            for (size_t wi = 0; wi < scor_nworks; wi++) {
                const struct work *w = &scor_works[wi];
                if (!w->selected || w->racey)
                    continue;
                if (pass ? (!w->k || strcmp(w->group, "micro"))
                         : (!w->app || strcmp(w->name, paper[p].name)))
                    continue;
                if (!have(wi, off) || !have(wi, full) || !have(wi, cache))
                    continue;
                const struct result *o = RES(wi, off), *f = RES(wi, full), *c = RES(wi, cache);
                if (!o->cycles || !o->l2)
                    continue;
                double fmeta = (double)f->det_l2;
                double cmeta = (double)c->det_l2;
                off_c = 1;
                full_c += (double)f->cycles / o->cycles;
                cache_c += (double)c->cycles / o->cycles;
                off_l2 = 1;
                fm += fmeta / o->l2;
                fd += ((double)f->l2 - fmeta) / o->l2;
                cm += cmeta / o->l2;
                cd += ((double)c->l2 - cmeta) / o->l2;
                off_dram = 1;
                dramf += o->dram ? (double)f->dram / o->dram : 0;
                dramc += o->dram ? (double)c->dram / o->dram : 0;
                cnt++;
            }
            if (!cnt) {
                if (!pass)
                    printf("%-16s   %s\n", name, app_missing(name, 0));
                continue;
            }
            (void)off_c;
            (void)off_l2;
            (void)off_dram;
            full_c /= cnt, cache_c /= cnt, fd /= cnt, fm /= cnt, cd /= cnt, cm /= cnt;
            dramf /= cnt, dramc /= cnt;
            printf("%-16s %10.3f %10.3f %10.3f\n", name, 1.0, full_c, cache_c);
            if (!pass) {
                s8f += full_c, s8c += cache_c, n8++;
                max8f = full_c > max8f ? full_c : max8f;
                if (cache_c > max8c) {
                    max8c = cache_c;
                    snprintf(max8c_name, sizeof max8c_name, "%s", name);
                }
            }
            if (d8 && !pass)
                fprintf(d8, "\"%s\" %.4f %.4f\n", name, full_c, cache_c);
            if (pass)
                micro8f = full_c, micro8c = cache_c;
            if (n9 < 16) {
                struct row9 *rw = &rows9[n9++];
                snprintf(rw->name, sizeof rw->name, "%s", name);
                rw->fd = fd, rw->fm = fm, rw->cd = cd, rw->cm = cm;
                rw->dramf = dramf, rw->dramc = dramc;
            }
        }
    }
    if (n8) {
        printf("%-16s %10.3f %10.3f %10.3f   (paper: ScoRD 1.35 mean)\n", "apps mean", 1.0,
               s8f / n8, s8c / n8);
        printf("%-16s %10.3f %10.3f %10.3f   (cache max: %s; paper: ScoRD 1.88 max, 1DC)\n",
               "apps max", 1.0, max8f, max8c, max8c_name);
        if (d8)
            fprintf(d8, "\"apps mean\" %.4f %.4f\n", s8f / n8, s8c / n8);
    }
    if (d8 && micro8f > 0)
        fprintf(d8, "\"micro (mean)\" %.4f %.4f\n", micro8f, micro8c);
    printf("\nFig 9: memory accesses at the L2 normalised to detector off, split data + metadata;\n"
           "       device memory (DRAM) accesses normalised to off\n");
    printf("%-16s %10s %10s %10s %10s %10s %10s\n", "workload", "full data", "full meta",
           "cache data", "cache meta", "DRAM full", "DRAM cache");
    for (unsigned i = 0; i < n9; i++) {
        struct row9 *rw = &rows9[i];
        printf("%-16s %10.3f %10.3f %10.3f %10.3f %10.3f %10.3f\n", rw->name, rw->fd, rw->fm,
               rw->cd, rw->cm, rw->dramf, rw->dramc);
        if (d9)
            fprintf(d9, "\"%s\" %.4f %.4f %.4f %.4f\n", rw->name, rw->fd, rw->fm, rw->cd, rw->cm);
    }
    if (d8)
        fclose(d8);
    if (d9)
        fclose(d9);

    /* Table VII */
    printf("\nTable VII: false positives (distinct source lines) by granularity, race-free builds\n");
    printf("%-16s %8s %8s %8s %8s\n", "workload", "4-byte", "8-byte", "16-byte", "cache");
    int cols[4] = {full, f8, f16, cache};
    for (int pass = 0; pass < 2; pass++) {
        size_t lim = pass ? 2 : NUM_PAPER;
        for (size_t p = 0; p < lim; p++) {
            const char *name = pass ? (p ? "detector kernels" : "micro (sum)") : paper[p].name;
            unsigned v[4] = {0}, seen = 0;
            bool col_ok[4] = {false};
            for (size_t wi = 0; wi < scor_nworks; wi++) {
                const struct work *w = &scor_works[wi];
                if (!w->selected)
                    continue;
                if (pass ? (!w->k || strcmp(w->group, p ? "detector" : "micro") ||
                            w->k->cls == SCOR_LIMIT_FP)
                         : (!w->app || w->racey || strcmp(w->name, paper[p].name)))
                    continue;
                seen++;
                for (int c = 0; c < 4; c++)
                    if (have(wi, cols[c])) {
                        col_ok[c] = true;
                        v[c] += RES(wi, cols[c])->fp;
                    }
            }
            if (!seen) {
                printf("%-16s   %s (paper 0/%u/%u/0)\n", name,
                       pass ? "not selected" : app_missing(name, 0), pass ? 0 : paper[p].fp8,
                       pass ? 0 : paper[p].fp16);
                continue;
            }
            printf("%-16s", name);
            for (int c = 0; c < 4; c++)
                if (col_ok[c])
                    printf(" %8u", v[c]);
                else
                    printf(" %8s", "-");
            if (!pass)
                printf("   [0 %u %u 0]", paper[p].fp8, paper[p].fp16);
            printf("\n");
        }
    }
    print_beyond_table();
}

int scor_write_json(const char *path)
{
    FILE *f = !strcmp(path, "-") ? stdout : fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: %s: %s\n", scor_prog, path, strerror(errno));
        return 3;
    }
    fputs("[", f);
    bool first = true;
    for (size_t c = 0; c < NUM_CONFIGS; c++)
        for (size_t i = 0; i < scor_nworks; i++)
            if (scor_runs(i, c)) {
                json_result(f, &scor_works[i], &scor_configs[c], RES(i, c), first);
                first = false;
            }
    fputs("\n]\n", f);
    if (f != stdout)
        fclose(f);
    return 0;
}

void scor_print_summary(void)
{
    printf("%-36s %-7s %8s %6s %4s %10s\n", "workload", "config", "expected", "found", "FP",
           "cycles");
    for (size_t c = 0; c < NUM_CONFIGS; c++)
        for (size_t i = 0; i < scor_nworks; i++)
            if (scor_runs(i, c)) {
                const struct result *r = RES(i, c);
                char nm[64];
                snprintf(nm, sizeof nm, "%s%s", scor_works[i].name,
                         scor_works[i].app && scor_works[i].racey ? " (racey)" : "");
                printf("%-36s %-7s %8u %6u %4u %10llu%s%s\n", nm, scor_configs[c].name, r->expected,
                       r->found, r->fp, (unsigned long long)r->cycles,
                       r->error[0] ? "  ERROR: " : "", r->error);
            }
}
