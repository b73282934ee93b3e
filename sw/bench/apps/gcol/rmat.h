/* Host side of gcol and gcon: a seeded R-MAT graph generator (Chakrabarti,
 * Zhan, Faloutsos 2004: each edge picks one quadrant of the adjacency
 * matrix per bit of the vertex id, with probabilities a, b, c, d), turned
 * into an undirected CSR graph without self loops or duplicate edges.
 * Vertex ids are not permuted, so low ids are the hubs: partitions of
 * consecutive ids get unequal work, which is what makes work stealing
 * happen. Header only: each application's host.c is one translation unit
 * (and the CUDA twins' apps.cuh: it is C++ as well as C). */
#ifndef SCOR_RMAT_H
#define SCOR_RMAT_H

#include <stdint.h>
#include <stdlib.h>

struct rmat_graph {
    uint32_t n;    /* vertices */
    uint32_t m;    /* adjacency entries: twice the undirected edges */
    uint32_t *row; /* [n + 1] */
    uint32_t *adj; /* [m], each row sorted */
};

/* xorshift64*: small, seeded, the same sequence on every host. */
static inline uint64_t rmat_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static int rmat_cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* 2^scale vertices, `edges` generated edges (fewer remain after removing
 * self loops and duplicates). Probabilities a, b, c in 1/1000 (d is the
 * rest). Returns 0, or -1 when host memory runs out. */
static int rmat_build(struct rmat_graph *g, unsigned scale, uint32_t edges, unsigned pa,
                      unsigned pb, unsigned pc, uint64_t seed)
{
    uint64_t st = seed ? seed : 1;
    uint64_t *pairs = (uint64_t *)malloc(2 * (size_t)edges * sizeof *pairs);
    g->n = 1u << scale;
    g->m = 0;
    g->row = (uint32_t *)calloc((size_t)g->n + 1, sizeof *g->row);
    g->adj = NULL;
    if (!pairs || !g->row) {
        free(pairs);
        free(g->row);
        g->row = NULL;
        return -1;
    }
    size_t np = 0;
    for (uint32_t e = 0; e < edges; e++) {
        uint32_t u = 0, v = 0;
        for (unsigned bit = 0; bit < scale; bit++) {
            unsigned r = (unsigned)(rmat_rand(&st) >> 40) % 1000u;
            unsigned q = r < pa ? 0 : r < pa + pb ? 1 : r < pa + pb + pc ? 2 : 3;
            u = (u << 1) | (q >> 1);
            v = (v << 1) | (q & 1u);
        }
        if (u == v)
            continue;
        pairs[np++] = ((uint64_t)u << 32) | v;
        pairs[np++] = ((uint64_t)v << 32) | u;
    }
    qsort(pairs, np, sizeof *pairs, rmat_cmp_u64);
    size_t k = 0;
    for (size_t i = 0; i < np; i++)
        if (k == 0 || pairs[i] != pairs[k - 1])
            pairs[k++] = pairs[i];
    g->adj = (uint32_t *)malloc((k ? k : 1) * sizeof *g->adj);
    if (!g->adj) {
        free(pairs);
        free(g->row);
        g->row = NULL;
        return -1;
    }
    for (size_t i = 0; i < k; i++) {
        g->row[(pairs[i] >> 32) + 1]++;
        g->adj[i] = (uint32_t)pairs[i];
    }
    for (uint32_t v = 0; v < g->n; v++)
        g->row[v + 1] += g->row[v];
    g->m = (uint32_t)k;
    free(pairs);
    return 0;
}

static void rmat_free(struct rmat_graph *g)
{
    free(g->row);
    free(g->adj);
    g->row = g->adj = NULL;
}

#endif
