/* rewrite.c: see rewrite.h. */
#define _XOPEN_SOURCE 700 /* strdup */
#include "rewrite.h"

#include <stdlib.h>
#include <string.h>

int edits_add(struct edits *e, enum edit_kind kind, size_t off, size_t end, int depth,
              const char *text)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 64;
        struct edit *v = realloc(e->v, cap * sizeof *v);
        if (!v)
            return -1;
        e->v = v;
        e->cap = cap;
    }
    char *t = strdup(text ? text : "");
    if (!t)
        return -1;
    e->v[e->n] = (struct edit){kind, off, end < off ? off : end, depth, t, e->n};
    e->n++;
    return 0;
}

/* At one offset: closing texts (they end something before it), then
 * replacements and blanks starting there, then opening texts, so that
 * "a)" + "(b" never becomes "(ba)". */
static int rank(enum edit_kind k)
{
    return k == EDIT_CLOSE ? 0 : k == EDIT_OPEN ? 2 : 1;
}

static int cmp(const void *pa, const void *pb)
{
    const struct edit *a = pa, *b = pb;
    if (a->off != b->off)
        return a->off < b->off ? -1 : 1;
    if (rank(a->kind) != rank(b->kind))
        return rank(a->kind) - rank(b->kind);
    if (a->kind == EDIT_OPEN && a->depth != b->depth)
        return a->depth - b->depth;
    if (a->kind == EDIT_CLOSE && a->depth != b->depth)
        return b->depth - a->depth;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

struct buf {
    char *p;
    size_t n, cap;
    int oom;
};

static void put(struct buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->n + n + 1 > cap)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

char *edits_apply(struct edits *e, const char *src, size_t len, const char **why)
{
    *why = NULL;
    if (e->n) /* qsort of no edits: a NULL array */
        qsort(e->v, e->n, sizeof *e->v, cmp);
    struct buf b = {0};
    put(&b, "", 0);
    size_t pos = 0; /* next source byte not yet copied or consumed */
    for (size_t i = 0; i < e->n; i++) {
        const struct edit *d = &e->v[i];
        if (d->off > len || d->end > len) {
            *why = "an edit lies past the end of the file";
            free(b.p);
            return NULL;
        }
        if (d->off < pos) {
            /* inside a range replaced or blanked before: an insertion
             * there has nothing left to attach to */
            if (d->kind == EDIT_OPEN || d->kind == EDIT_CLOSE)
                continue;
            *why = "two rewrites of the same source text overlap";
            free(b.p);
            return NULL;
        }
        put(&b, src + pos, d->off - pos);
        pos = d->off;
        switch (d->kind) {
        case EDIT_OPEN:
        case EDIT_CLOSE:
            put(&b, d->text, strlen(d->text));
            break;
        case EDIT_REPLACE:
            put(&b, d->text, strlen(d->text));
            pos = d->end;
            break;
        case EDIT_BLANK:
            for (size_t k = d->off; k < d->end; k++)
                put(&b, src[k] == '\n' ? "\n" : " ", 1);
            pos = d->end;
            break;
        }
    }
    put(&b, src + pos, len - pos);
    if (b.oom) {
        free(b.p);
        *why = "out of memory";
        return NULL;
    }
    return b.p;
}

void edits_free(struct edits *e)
{
    for (size_t i = 0; i < e->n; i++)
        free(e->v[i].text);
    free(e->v);
    e->v = NULL;
    e->n = e->cap = 0;
}
