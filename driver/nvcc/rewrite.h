/* rewrite.h: edits of a source text by byte offset, applied in one pass.
 *
 * scord-nvcc turns one .cu file into two translation units (device and
 * host) by editing the file's text at offsets Clang gives; edits nest
 * (a volatile load inside a volatile store's value), so each insertion
 * carries the depth of the expression it belongs to: at one offset the
 * outer expression's opening text comes before the inner one's, and its
 * closing text after. Blanking keeps every newline, so line numbers (and
 * the DWARF lines race reports print) stay those of the .cu file. */
#ifndef SCORD_NVCC_REWRITE_H
#define SCORD_NVCC_REWRITE_H

#include <stddef.h>

enum edit_kind {
    EDIT_OPEN,    /* insert text at off; outer (lower depth) first */
    EDIT_CLOSE,   /* insert text at off; inner (higher depth) first */
    EDIT_REPLACE, /* replace [off, end) with text */
    EDIT_BLANK,   /* replace [off, end) with spaces, keeping newlines */
};

struct edit {
    enum edit_kind kind;
    size_t off, end;
    int depth;
    char *text;
    size_t seq; /* order of addition: ties keep it */
};

struct edits {
    struct edit *v;
    size_t n, cap;
};

/* Returns 0, or -1 when out of memory. */
int edits_add(struct edits *e, enum edit_kind kind, size_t off, size_t end, int depth,
              const char *text);
/* The edited text (malloc'd, NUL-terminated), or NULL when out of memory
 * or when two replacements overlap (*why says where). */
char *edits_apply(struct edits *e, const char *src, size_t len, const char **why);
void edits_free(struct edits *e);

#endif
