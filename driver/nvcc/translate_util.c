/* translate_util.c: cursors, file offsets and edits for the translator
 * (translate_int.h). */
#define _XOPEN_SOURCE 700
#include "translate_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------ */

char *tr_xstrdup(struct ctx *x, const char *s)
{
    char *d = strdup(s ? s : "");
    if (!d)
        x->oom = 1;
    return d;
}

/* s with t appended (s is freed; NULL when out of memory). */
char *tr_append(struct ctx *x, char *s, const char *t)
{
    if (!s)
        return NULL;
    size_t n = strlen(s), m = strlen(t);
    char *r = realloc(s, n + m + 1);
    if (!r) {
        free(s);
        x->oom = 1;
        return NULL;
    }
    memcpy(r + n, t, m + 1);
    return r;
}

void tr_add(struct ctx *x, struct edits *e, enum edit_kind k, size_t off, size_t end, int depth,
                const char *text)
{
    if (edits_add(e, k, off, end, depth, text))
        x->oom = 1;
}

void tr_error_at(struct ctx *x, CXCursor c, const char *fmt, ...)
{
    unsigned line = 0, col = 0;
    CXFile f = NULL;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col, NULL);
    CXString fn = clang_getFileName(f);
    const char *name = f && clang_getCString(fn) ? clang_getCString(fn) : x->path;
    fprintf(stderr, "%s:%u:%u: error: ", name, line, col);
    clang_disposeString(fn);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    x->errors++;
}

enum CXChildVisitResult tr_collect(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    struct kids *k = d;
    if (k->n == k->cap) {
        unsigned cap = k->cap ? 2 * k->cap : 8;
        CXCursor *v = realloc(k->v, cap * sizeof *v);
        if (!v)
            return CXChildVisit_Break;
        k->v = v;
        k->cap = cap;
    }
    k->v[k->n++] = c;
    return CXChildVisit_Continue;
}

struct kids tr_children(CXCursor c)
{
    struct kids k = {0};
    clang_visitChildren(c, tr_collect, &k);
    return k;
}

/* Byte offsets of c's extent in the main file; false if it is not there
 * (a macro's body, an included file). */
bool tr_extent(struct ctx *x, CXCursor c, size_t *b, size_t *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile fb, fe;
    unsigned ob, oe;
    clang_getExpansionLocation(clang_getRangeStart(r), &fb, NULL, NULL, &ob);
    clang_getExpansionLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &oe);
    if (!fb || !fe || !clang_File_isEqual(fb, x->file) || !clang_File_isEqual(fe, x->file) ||
        oe < ob || oe > x->len)
        return false;
    *b = ob;
    *e = oe;
    return true;
}

/* The index of file f in x->files, added (with its text) if new; SIZE_MAX
 * when out of memory. */
size_t tr_file_index(struct ctx *x, CXFile f)
{
    for (size_t i = 0; i < x->nfiles; i++)
        if (clang_File_isEqual(x->files[i].file, f))
            return i;
    struct tfile *v = realloc(x->files, (x->nfiles + 1) * sizeof *v);
    if (!v) {
        x->oom = 1;
        return SIZE_MAX;
    }
    x->files = v;
    struct tfile *t = &v[x->nfiles];
    memset(t, 0, sizeof *t);
    t->file = f;
    CXString n = clang_getFileName(f);
    t->real = realpath(clang_getCString(n), NULL);
    clang_disposeString(n);
    if (!t->real) {
        x->oom = 1;
        return SIZE_MAX;
    }
    /* own: the main file, or a header neither of the system nor of ours */
    t->own = x->nfiles == 0;
    if (!t->own && !clang_Location_isInSystemHeader(clang_getLocationForOffset(x->tu, f, 0))) {
        t->own = true;
        for (const char *const *d = x->our_dirs; d && *d && t->own; d++) {
            size_t dl = strlen(*d);
            t->own = !(strncmp(t->real, *d, dl) == 0 && t->real[dl] == '/');
        }
    }
    /* only a file the translation may edit needs its text */
    size_t len = 0;
    const char *text = t->own ? clang_getFileContents(x->tu, f, &len) : "";
    t->src = text ? malloc(len + 1) : NULL;
    if (!t->src) {
        free(t->real);
        x->oom = 1;
        return SIZE_MAX;
    }
    memcpy(t->src, text, len);
    t->src[len] = 0;
    t->len = len;
    return x->nfiles++;
}

/* Is c in the .cu file or one of the program's own headers? */
bool tr_in_own_file(struct ctx *x, CXCursor c)
{
    CXFile f = NULL;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    if (!f)
        return false;
    size_t i = tr_file_index(x, f);
    return i != SIZE_MAX && x->files[i].own;
}

/* Is c in the file being edited? */
bool tr_in_current_file(struct ctx *x, CXCursor c)
{
    CXFile f = NULL;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, x->file);
}

/* Edit file i from now on. */
void tr_switch_file(struct ctx *x, size_t i)
{
    if (i == x->cur)
        return;
    x->files[x->cur].dev = x->dev;
    x->files[x->cur].host = x->host;
    x->cur = i;
    x->dev = x->files[i].dev;
    x->host = x->files[i].host;
    x->file = x->files[i].file;
    x->src = x->files[i].src;
    x->len = x->files[i].len;
}

bool tr_has_attr(CXCursor c, enum CXCursorKind kind)
{
    struct kids k = tr_children(c);
    bool found = false;
    for (unsigned i = 0; i < k.n && !found; i++)
        found = clang_getCursorKind(k.v[i]) == kind;
    free(k.v);
    return found;
}

CXCursor tr_body_of(CXCursor fn)
{
    struct kids k = tr_children(fn);
    CXCursor b = clang_getNullCursor();
    for (unsigned i = 0; i < k.n; i++)
        if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt)
            b = k.v[i];
    free(k.v);
    return b;
}

/* The text of the first token at or after offset `from` inside c's extent:
 * its offsets in *tb, *te. */
bool tr_token_after(struct ctx *x, CXCursor c, size_t from, size_t *tb, size_t *te,
                        char *text, size_t tlen)
{
    CXToken *toks;
    unsigned n;
    clang_tokenize(x->tu, clang_getCursorExtent(c), &toks, &n);
    bool ok = false;
    for (unsigned i = 0; i < n && !ok; i++) {
        CXSourceRange r = clang_getTokenExtent(x->tu, toks[i]);
        unsigned ob, oe;
        clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &ob);
        clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &oe);
        if (ob >= from) {
            CXString s = clang_getTokenSpelling(x->tu, toks[i]);
            snprintf(text, tlen, "%s", clang_getCString(s));
            clang_disposeString(s);
            *tb = ob;
            *te = oe;
            ok = true;
        }
    }
    clang_disposeTokens(x->tu, toks, n);
    return ok;
}

/* Namespaces of c, outermost first, each followed by "::" (anonymous ones
 * left out: their names are visible in the file). */
void tr_qualified(CXCursor c, char *buf, size_t len)
{
    CXCursor p = clang_getCursorSemanticParent(c);
    char pre[512] = "";
    if (!clang_Cursor_isNull(p) && clang_getCursorKind(p) == CXCursor_Namespace) {
        tr_qualified(p, pre, sizeof pre); /* "ns" or "outer::ns"; "" or "outer::" if anonymous */
        size_t n = strlen(pre);
        if (n && (n < 2 || strcmp(pre + n - 2, "::")))
            snprintf(pre + n, sizeof pre - n, "::");
    }
    CXString s = clang_getCursorSpelling(c);
    snprintf(buf, len, "%s%s", pre, clang_getCString(s));
    clang_disposeString(s);
}

/* Keep the newlines of [b, e) in a replacement text. */
char *tr_with_lines(struct ctx *x, const char *text, size_t b, size_t e)
{
    size_t nl = 0;
    for (size_t i = b; i < e; i++)
        nl += x->src[i] == '\n';
    size_t tl = strlen(text);
    char *r = malloc(tl + nl + 1);
    if (!r) {
        x->oom = 1;
        return NULL;
    }
    memcpy(r, text, tl);
    memset(r + tl, '\n', nl);
    r[tl + nl] = '\0';
    return r;
}

void tr_blank(struct ctx *x, struct edits *e, CXCursor c)
{
    size_t b, en;
    if (tr_extent(x, c, &b, &en))
        tr_add(x, e, EDIT_BLANK, b, en, 0, NULL);
}
