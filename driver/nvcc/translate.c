/* translate.c: see translate.h. */
#define _XOPEN_SOURCE 700
#include "translate.h"

#include <clang-c/Index.h>
#include <stdarg.h>
#include <stdbool.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "rewrite.h"

/* A file the translation edits: the .cu file (files[0]) or one of the
 * program's own headers (not a system header, not one of scord-nvcc's). */
struct tfile {
    CXFile file;
    char *real;      /* its real path */
    char *src;       /* its text (a copy of Clang's) */
    size_t len;
    struct edits dev, host;
    bool own;        /* translated (else only looked up) */
};

struct ctx {
    CXTranslationUnit tu;
    /* the file being edited (files[cur]): top() works on one top-level
     * declaration at a time, each in one file */
    CXFile file;
    const char *path;
    const char *src;
    size_t len;
    struct edits dev, host;
    struct tfile *files;
    size_t nfiles, cur;
    unsigned unit;
    const char *const *our_dirs;
    struct nvcc_unit *out;
    unsigned next_id;
    CXCursor *templates; /* the kernel templates seen so far */
    size_t ntemplates;
    int errors;
    int oom;
    bool host_tmpl;   /* walking host code of a template (its pattern) */
    CXCursor *seen;   /* template specializations whose launches were taken */
    size_t nseen;
};

/* ---- small helpers ------------------------------------------------------ */

static char *xstrdup(struct ctx *x, const char *s)
{
    char *d = strdup(s ? s : "");
    if (!d)
        x->oom = 1;
    return d;
}

/* s with t appended (s is freed; NULL when out of memory). */
static char *append(struct ctx *x, char *s, const char *t)
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

static void add(struct ctx *x, struct edits *e, enum edit_kind k, size_t off, size_t end, int depth,
                const char *text)
{
    if (edits_add(e, k, off, end, depth, text))
        x->oom = 1;
}

static void error_at(struct ctx *x, CXCursor c, const char *fmt, ...)
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

struct kids {
    CXCursor *v;
    unsigned n, cap;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
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

static struct kids children(CXCursor c)
{
    struct kids k = {0};
    clang_visitChildren(c, collect, &k);
    return k;
}

/* Byte offsets of c's extent in the main file; false if it is not there
 * (a macro's body, an included file). */
static bool extent(struct ctx *x, CXCursor c, size_t *b, size_t *e)
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
static size_t file_index(struct ctx *x, CXFile f)
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
    size_t len = 0;
    const char *text = clang_getFileContents(x->tu, f, &len);
    t->src = malloc(len + 1);
    if (!t->real || !t->src || !text) {
        free(t->real);
        free(t->src);
        x->oom = !t->src;
        return SIZE_MAX;
    }
    memcpy(t->src, text, len);
    t->src[len] = 0;
    t->len = len;
    /* own: the main file, or a header neither of the system nor of ours */
    t->own = x->nfiles == 0;
    if (!t->own && !clang_Location_isInSystemHeader(clang_getLocationForOffset(x->tu, f, 0))) {
        t->own = true;
        for (const char *const *d = x->our_dirs; d && *d && t->own; d++) {
            size_t dl = strlen(*d);
            t->own = !(strncmp(t->real, *d, dl) == 0 && t->real[dl] == '/');
        }
    }
    return x->nfiles++;
}

/* Is c in the .cu file or one of the program's own headers? */
static bool in_own_file(struct ctx *x, CXCursor c)
{
    CXFile f = NULL;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    if (!f)
        return false;
    size_t i = file_index(x, f);
    return i != SIZE_MAX && x->files[i].own;
}

/* Is c in the file being edited? */
static bool in_current_file(struct ctx *x, CXCursor c)
{
    CXFile f = NULL;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, x->file);
}

/* Edit file i from now on. */
static void switch_file(struct ctx *x, size_t i)
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

static bool has_attr(CXCursor c, enum CXCursorKind kind)
{
    struct kids k = children(c);
    bool found = false;
    for (unsigned i = 0; i < k.n && !found; i++)
        found = clang_getCursorKind(k.v[i]) == kind;
    free(k.v);
    return found;
}

static CXCursor body_of(CXCursor fn)
{
    struct kids k = children(fn);
    CXCursor b = clang_getNullCursor();
    for (unsigned i = 0; i < k.n; i++)
        if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt)
            b = k.v[i];
    free(k.v);
    return b;
}

/* The text of the first token at or after offset `from` inside c's extent:
 * its offsets in *tb, *te. */
static bool token_after(struct ctx *x, CXCursor c, size_t from, size_t *tb, size_t *te,
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
static void qualified(CXCursor c, char *buf, size_t len)
{
    CXCursor p = clang_getCursorSemanticParent(c);
    char pre[512] = "";
    if (!clang_Cursor_isNull(p) && clang_getCursorKind(p) == CXCursor_Namespace) {
        qualified(p, pre, sizeof pre); /* "ns" or "outer::ns"; "" or "outer::" if anonymous */
        size_t n = strlen(pre);
        if (n && (n < 2 || strcmp(pre + n - 2, "::")))
            snprintf(pre + n, sizeof pre - n, "::");
    }
    CXString s = clang_getCursorSpelling(c);
    snprintf(buf, len, "%s%s", pre, clang_getCString(s));
    clang_disposeString(s);
}

/* Keep the newlines of [b, e) in a replacement text. */
static char *with_lines(struct ctx *x, const char *text, size_t b, size_t e)
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

static void blank(struct ctx *x, struct edits *e, CXCursor c)
{
    size_t b, en;
    if (extent(x, c, &b, &en))
        add(x, e, EDIT_BLANK, b, en, 0, NULL);
}

/* ---- device code: volatile accesses made strong --------------------------- */

static bool is_scalar(CXType t)
{
    CXType ct = clang_getCanonicalType(t);
    switch (ct.kind) {
    case CXType_Pointer:
    case CXType_Enum:
        return true;
    default:
        return ct.kind >= CXType_FirstBuiltin && ct.kind <= CXType_LastBuiltin &&
               ct.kind != CXType_Void;
    }
}

static bool is_volatile_scalar(CXType t)
{
    return clang_isVolatileQualifiedType(t) && is_scalar(t);
}
/* `volatile T` with T a template's parameter (or otherwise dependent): the
 * access is strong whatever T becomes (__scord_vload / __scord_vstore take
 * scalars and trivially copyable structs alike). */
static bool is_volatile_dependent(CXType t)
{
    return clang_isVolatileQualifiedType(t) &&
           clang_getCanonicalType(t).kind == CXType_Unexposed;
}
static bool is_volatile_target(CXType t)
{
    return is_volatile_scalar(t) || is_volatile_dependent(t);
}

enum vform { V_NONE, V_ASSIGN, V_COMPOUND, V_PRE, V_POST };

/* Is c an assignment, compound assignment or increment of a volatile
 * scalar? (Its result is then the helper's value: it must not be loaded
 * again.) op gets the operator's token. */
static enum vform volatile_write(struct ctx *x, CXCursor c, size_t *ob, size_t *oe, char *op,
                                 size_t oplen)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator &&
        k != CXCursor_UnaryOperator)
        return V_NONE;
    struct kids kids = children(c);
    enum vform f = V_NONE;
    size_t b, e, lb, le;
    if (kids.n >= 1 && extent(x, c, &b, &e) && extent(x, kids.v[0], &lb, &le) &&
        is_volatile_target(clang_getCursorType(kids.v[0]))) {
        if (k == CXCursor_UnaryOperator) {
            if (token_after(x, c, b, ob, oe, op, oplen) && *ob < lb &&
                (!strcmp(op, "++") || !strcmp(op, "--")))
                f = V_PRE;
            else if (token_after(x, c, le, ob, oe, op, oplen) &&
                     (!strcmp(op, "++") || !strcmp(op, "--")))
                f = V_POST;
        } else if (token_after(x, c, le, ob, oe, op, oplen)) {
            size_t n = strlen(op);
            if (!strcmp(op, "="))
                f = V_ASSIGN;
            else if (k == CXCursor_CompoundAssignOperator && n >= 2 && op[n - 1] == '=')
                f = V_COMPOUND;
        }
    }
    free(kids.v);
    return f;
}

/* Is c, inside any parentheses, a volatile assignment, compound
 * assignment or pre-increment (whose C++ result is an lvalue)? */
static bool is_write_result(struct ctx *x, CXCursor c)
{
    while (clang_getCursorKind(c) == CXCursor_ParenExpr) {
        struct kids k = children(c);
        if (k.n != 1) {
            free(k.v);
            return false;
        }
        c = k.v[0];
        free(k.v);
    }
    char op[16];
    size_t ob, oe;
    enum vform f = volatile_write(x, c, &ob, &oe, op, sizeof op);
    return f == V_ASSIGN || f == V_COMPOUND || f == V_PRE;
}

/* A __shared__ variable in a template: GCC drops the section attribute of
 * a template's statics, so `__shared__ T buf[N];` becomes
 * `typedef T __scord_shty_buf[N]; SCORD_SHARED_BIND(buf);` (scord_cuda.h:
 * storage in the .shared section, one per instantiation). */
static void shared_in_template(struct ctx *x, CXCursor v, CXCursor parent, const char *name)
{
    size_t b, e;
    unsigned decls = 0;
    struct kids k = children(parent);
    for (unsigned i = 0; i < k.n; i++)
        decls += clang_getCursorKind(k.v[i]) == CXCursor_VarDecl;
    free(k.v);
    if (clang_getCursorKind(parent) != CXCursor_DeclStmt || decls != 1 || !extent(x, v, &b, &e)) {
        error_at(x, v, "__shared__ variable '%s' in a template: declare each __shared__ "
                       "variable of a template in a statement of its own", name);
        return;
    }
    unsigned name_off;
    clang_getExpansionLocation(clang_getCursorLocation(v), NULL, NULL, NULL, &name_off);
    CXToken *toks;
    unsigned n;
    /* the statement's tokens, by file offsets (a leading attribute is
     * outside the VarDecl's extent, and the statement's starts in the
     * expansion of the __shared__ macro, which tokenizes to nothing) */
    size_t pb, pe;
    if (!extent(x, parent, &pb, &pe))
        pb = b, pe = e;
    clang_tokenize(x->tu,
                   clang_getRange(clang_getLocationForOffset(x->tu, x->file, (unsigned)pb),
                                  clang_getLocationForOffset(x->tu, x->file, (unsigned)pe)),
                   &toks, &n);
    bool shared = false, named = false;
    for (unsigned i = 0; i < n; i++) {
        CXString ts = clang_getTokenSpelling(x->tu, toks[i]);
        const char *t = clang_getCString(ts);
        CXSourceRange r = clang_getTokenExtent(x->tu, toks[i]);
        unsigned ob, oe;
        clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &ob);
        clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &oe);
        if (!strcmp(t, "__shared__") && !shared) {
            add(x, &x->dev, EDIT_REPLACE, ob, oe, 0, "typedef");
            shared = true;
        } else if (!strcmp(t, "static")) {
            add(x, &x->dev, EDIT_BLANK, ob, oe, 0, NULL);
        } else if (ob == name_off && !strcmp(t, name)) {
            char ty[300];
            snprintf(ty, sizeof ty, "__scord_shty_%s", name);
            add(x, &x->dev, EDIT_REPLACE, ob, oe, 0, ty);
            named = true;
        }
        clang_disposeString(ts);
    }
    clang_disposeTokens(x->tu, toks, n);
    if (!shared || !named) {
        error_at(x, v, "__shared__ variable '%s' in a template: write `__shared__` and the "
                       "name in the declaration itself (not through a macro)", name);
        return;
    }
    char bind[300];
    snprintf(bind, sizeof bind, "; SCORD_SHARED_BIND(%s)", name);
    add(x, &x->dev, EDIT_CLOSE, e, e, 0, bind);
}

/* `extern __shared__ T name[];` (CUDA's dynamic shared memory) becomes
 * `typedef T __scord_shty_name[]; SCORD_EXTERN_SHARED_BIND(name)`: a
 * reference to the block's dynamic shared memory (scord_cuda.h; `extern`
 * with a section cannot be spelled in C++). A __shared__ variable of a
 * function template would lose its section in GCC 12 and land in device
 * memory, one copy for the grid: refused. */
static void shared_var(struct ctx *x, CXCursor v, CXCursor parent, bool in_template)
{
    size_t b, e;
    CXString n = clang_getCursorSpelling(v);
    const char *name = clang_getCString(n);
    if (clang_Cursor_getStorageClass(v) == CX_SC_Extern) {
        CXType t = clang_getCursorType(v);
        CXType el = clang_getArrayElementType(t);
        if (t.kind != CXType_IncompleteArray || el.kind == CXType_ConstantArray ||
            el.kind == CXType_IncompleteArray || !extent(x, v, &b, &e)) {
            error_at(x, v, "extern __shared__ '%s': only a one-dimensional array of unknown "
                           "size (extern __shared__ T %s[];) is supported", name, name);
        } else {
            CXString es = clang_getTypeSpelling(el);
            char text[1024];
            snprintf(text, sizeof text, "typedef %s __scord_shty_%s[]; SCORD_EXTERN_SHARED_BIND(%s)",
                     clang_getCString(es), name, name);
            clang_disposeString(es);
            char *t2 = with_lines(x, text, b, e);
            if (t2)
                add(x, &x->dev, EDIT_REPLACE, b, e, 0, t2);
            free(t2);
        }
    } else if (in_template) {
        shared_in_template(x, v, parent, name);
    }
    clang_disposeString(n);
}

/* Is c, a `volatile T` lvalue in a template's dependent code, read where
 * it stands? 1 yes, 0 no (written, its address taken, a member's or
 * element's base, a reference bound to it, inside parentheses: the
 * parenthesised expression decides), -1 cannot tell. */
static int dependent_read(struct ctx *x, CXCursor c, CXCursor parent)
{
    struct kids k = children(parent);
    bool first = k.n > 0 && clang_equalCursors(k.v[0], c);
    free(k.v);
    char op[16];
    size_t ob, oe;
    switch (clang_getCursorKind(parent)) {
    case CXCursor_ParenExpr:
        return 0;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        /* the left side of an assignment is written (volatile_write) */
        return first && volatile_write(x, parent, &ob, &oe, op, sizeof op) != V_NONE ? 0 : 1;
    case CXCursor_UnaryOperator: {
        size_t b, e;
        if (volatile_write(x, parent, &ob, &oe, op, sizeof op) != V_NONE)
            return 0;
        if (extent(x, parent, &b, &e) && token_after(x, parent, b, &ob, &oe, op, sizeof op) &&
            !strcmp(op, "&"))
            return 0;
        return 1;
    }
    case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr:
        return first ? 0 : 1;
    case CXCursor_VarDecl: {
        enum CXTypeKind vk = clang_getCanonicalType(clang_getCursorType(parent)).kind;
        return vk == CXType_LValueReference || vk == CXType_RValueReference ? 0 : 1;
    }
    case CXCursor_CallExpr:
        return first ? -1 : 1; /* an argument; as the callee: cannot tell */
    case CXCursor_ReturnStmt:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_ConditionalOperator:
    case CXCursor_InitListExpr:
    case CXCursor_IfStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_ForStmt:
    case CXCursor_SwitchStmt:
        return 1;
    case CXCursor_CompoundStmt:
        return 1; /* an expression statement: a volatile read happens */
    default:
        return -1;
    }
}

static void walk_device(struct ctx *x, CXCursor c, CXCursor parent, int depth, bool in_template);

static void walk_device_kids(struct ctx *x, CXCursor c, int depth, bool in_template)
{
    struct kids k = children(c);
    for (unsigned i = 0; i < k.n; i++)
        walk_device(x, k.v[i], c, depth, in_template);
    free(k.v);
}

static void walk_device(struct ctx *x, CXCursor c, CXCursor parent, int depth, bool in_template)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    size_t b, e;
    if (!extent(x, c, &b, &e)) {
        walk_device_kids(x, c, depth + 1, in_template);
        return;
    }
    char op[16];
    size_t ob, oe;
    enum vform f = volatile_write(x, c, &ob, &oe, op, sizeof op);
    if (f != V_NONE) {
        switch (f) {
        case V_ASSIGN:
            add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vassign(&(");
            add(x, &x->dev, EDIT_REPLACE, ob, oe, depth, "), (");
            add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
            break;
        case V_COMPOUND: {
            char t[96];
            snprintf(t, sizeof t, "), [&](auto __scord_o) { return __scord_o %.*s (",
                     (int)(strlen(op) - 1), op);
            add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vupdate(&(");
            add(x, &x->dev, EDIT_REPLACE, ob, oe, depth, t);
            add(x, &x->dev, EDIT_CLOSE, e, e, depth, "); })");
            break;
        }
        case V_PRE:
            add(x, &x->dev, EDIT_REPLACE, ob, oe, depth,
                op[0] == '+' ? "__scord_vpreinc(&(" : "__scord_vpredec(&(");
            add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
            break;
        case V_POST:
            add(x, &x->dev, EDIT_OPEN, b, b, depth,
                op[0] == '+' ? "__scord_vpostinc(&(" : "__scord_vpostdec(&(");
            add(x, &x->dev, EDIT_REPLACE, ob, oe, depth, "))");
            break;
        default:
            break;
        }
        walk_device_kids(x, c, depth + 1, in_template);
        return;
    }
    /* A read: an implicit conversion (unexposed, same extent) of a
     * volatile scalar lvalue to a non-volatile value; not of an
     * assignment's or pre-increment's result (in parentheses or not),
     * which its helper already returns as a value. */
    if (clang_isExpression(k) && is_volatile_scalar(clang_getCursorType(c)) &&
        !is_write_result(x, c)) {
        size_t pb, pe;
        bool read = clang_getCursorKind(parent) == CXCursor_UnexposedExpr &&
                    extent(x, parent, &pb, &pe) && pb == b && pe == e &&
                    !clang_isVolatileQualifiedType(clang_getCursorType(parent));
        if (read) {
            add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vload(&(");
            add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
        } else if (in_template && k != CXCursor_UnexposedExpr &&
                   clang_getCursorKind(parent) != CXCursor_UnaryOperator) {
            /* In a template's dependent code Clang builds no conversion
             * to see a read by; refuse rather than leave it weak. */
            error_at(x, c,
                     "a volatile access in a template: scord-nvcc cannot tell reads from "
                     "other uses there yet (make it a non-template function, or use "
                     "__scord_vload/__scord_vstore)");
        }
    }
    /* A read in a template's dependent code: Clang builds no conversion
     * there, so the read is told from the use (dependent_read). */
    if (in_template && clang_isExpression(k) && is_volatile_dependent(clang_getCursorType(c)) &&
        !is_write_result(x, c)) {
        int r = dependent_read(x, c, parent);
        if (r > 0) {
            add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vload(&(");
            add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
        } else if (r < 0) {
            CXString ks = clang_getCursorKindSpelling(clang_getCursorKind(parent));
            error_at(x, c, "a volatile access in a template, used in a way scord-nvcc cannot "
                           "tell a read from (%s): write the read as a plain expression, or "
                           "use __scord_vload/__scord_vstore", clang_getCString(ks));
            clang_disposeString(ks);
        }
    }
    if (k == CXCursor_VarDecl && has_attr(c, CXCursor_CUDASharedAttr)) {
        shared_var(x, c, parent, in_template);
        return;
    }
    if (k == CXCursor_AsmStmt) {
        error_at(x, c, "inline assembly in device code (PTX) is not supported: this GPU runs "
                       "RISC-V; use the CUDA functions scord_cuda.h provides");
        return;
    }
    if (k == CXCursor_CallExpr) {
        CXString s = clang_getCursorSpelling(c);
        bool launch = !strcmp(clang_getCString(s), "cudaConfigureCall");
        clang_disposeString(s);
        if (launch)
            error_at(x, c, "a kernel launch in device code (dynamic parallelism) is not supported");
    }
    walk_device_kids(x, c, depth + 1, in_template);
}

/* ---- host code: launches ------------------------------------------------- */

static bool is_launch(CXCursor call, CXCursor *config)
{
    struct kids k = children(call);
    bool found = false;
    for (unsigned i = 0; i < k.n && !found; i++) {
        if (clang_getCursorKind(k.v[i]) != CXCursor_CallExpr)
            continue;
        CXString s = clang_getCursorSpelling(k.v[i]);
        found = !strcmp(clang_getCString(s), "cudaConfigureCall");
        clang_disposeString(s);
        if (found)
            *config = k.v[i];
    }
    free(k.v);
    return found;
}

static void launch_instance(struct ctx *x, CXCursor call);

/* The launches of the template specialization a call reaches (a
 * function template's or a class template's member's instantiation:
 * libclang visits its instantiated body, where each launch names its
 * kernel instance), and of the specializations those call in turn, once
 * each. Their text is the template's, rewritten where the template is. */
static void follow_instances(struct ctx *x, CXCursor call);

static enum CXChildVisitResult scan_instances(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    struct ctx *x = d;
    CXCursor config;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    if (is_launch(c, &config)) {
        if (!in_own_file(x, c)) {
            error_at(x, c, "a kernel launch in a system header or one of scord-nvcc's: not "
                           "supported");
            return CXChildVisit_Continue;
        }
        launch_instance(x, c);
    } else {
        follow_instances(x, c);
    }
    return CXChildVisit_Recurse;
}

static void follow_instances(struct ctx *x, CXCursor call)
{
    CXCursor callee = clang_getCursorReferenced(call);
    enum CXCursorKind k = clang_getCursorKind(callee);
    if (clang_Cursor_isNull(callee) ||
        (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod && k != CXCursor_Constructor &&
         k != CXCursor_ConversionFunction) ||
        clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)))
        return;
    CXCursor def = clang_getCursorDefinition(callee);
    if (clang_Cursor_isNull(def) || has_attr(def, CXCursor_CUDAGlobalAttr))
        return;
    for (size_t i = 0; i < x->nseen; i++)
        if (clang_equalCursors(x->seen[i], def))
            return;
    CXCursor *v = realloc(x->seen, (x->nseen + 1) * sizeof *v);
    if (!v) {
        x->oom = 1;
        return;
    }
    x->seen = v;
    v[x->nseen++] = def;
    clang_visitChildren(def, scan_instances, x);
}

static void walk_host(struct ctx *x, CXCursor c)
{
    CXCursor config;
    size_t b, e;
    if (clang_getCursorKind(c) == CXCursor_CallExpr && is_launch(c, &config)) {
        if (!extent(x, c, &b, &e)) {
            error_at(x, c, "a kernel launch (<<<...>>>) inside a macro is not supported");
            return;
        }
        /* k<<<cfg>>>(args) -> (__scordCudaPushCallConfiguration(cfg), k(args)) */
        char tok[16] = "";
        size_t lb = 0, le = 0, gb = 0, ge = 0, p = b;
        while (token_after(x, c, p, &lb, &le, tok, sizeof tok) && strcmp(tok, "<<<"))
            p = le;
        if (strcmp(tok, "<<<")) {
            error_at(x, c, "cannot find the launch's <<<");
            return;
        }
        p = le;
        while (token_after(x, c, p, &gb, &ge, tok, sizeof tok) && strcmp(tok, ">>>"))
            p = ge;
        if (strcmp(tok, ">>>")) {
            error_at(x, c, "cannot find the launch's >>>");
            return;
        }
        size_t tl = (lb - b) + (gb - le) + 64;
        char *t = malloc(tl);
        if (!t) {
            x->oom = 1;
            return;
        }
        snprintf(t, tl, "(__scordCudaPushCallConfiguration(%.*s), %.*s", (int)(gb - le),
                 x->src + le, (int)(lb - b), x->src + b);
        add(x, &x->host, EDIT_REPLACE, b, ge, 0, t);
        add(x, &x->host, EDIT_CLOSE, e, e, 0, ")");
        free(t);
        launch_instance(x, c);
        struct kids k = children(c);
        for (unsigned i = 0; i < k.n; i++) /* launches among the arguments */
            if (!clang_equalCursors(k.v[i], config))
                walk_host(x, k.v[i]);
        free(k.v);
        return;
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        follow_instances(x, c);
    struct kids k = children(c);
    for (unsigned i = 0; i < k.n; i++)
        walk_host(x, k.v[i]);
    free(k.v);
}

/* ---- kernels --------------------------------------------------------------- */

/* A kernel's parameter types as the dispatch (after the file, at global
 * scope) can name them: "int *, ns::Params" (malloc'd; NULL when out of
 * memory). Canonical spellings are fully qualified; an unnamed type's
 * canonical spelling is not a name, so the written one is kept then. */
static char *signature(struct ctx *x, CXCursor fn)
{
    char *sig = xstrdup(x, "");
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n && sig; i++) {
        CXType t = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i));
        CXString cs = clang_getTypeSpelling(clang_getCanonicalType(t));
        CXString ws = clang_getTypeSpelling(t);
        const char *c = clang_getCString(cs);
        const char *use = strstr(c, "(unnamed") || strstr(c, "(anonymous") ? clang_getCString(ws) : c;
        if (i)
            sig = append(x, sig, ", ");
        sig = append(x, sig, use);
        clang_disposeString(cs);
        clang_disposeString(ws);
    }
    return sig;
}

static void add_kernel(struct ctx *x, const char *name, const char *target, unsigned id,
                       int instance, const char *sig)
{
    struct nvcc_kernel *v =
        realloc(x->out->kernels, (x->out->nkernels + 1) * sizeof *x->out->kernels);
    if (!v) {
        x->oom = 1;
        return;
    }
    x->out->kernels = v;
    v[x->out->nkernels++] =
        (struct nvcc_kernel){xstrdup(x, name), xstrdup(x, target), id, instance,
                             sig ? xstrdup(x, sig) : NULL};
}

/* A launch of a template kernel: its instance (template arguments as the
 * call resolved them) gets an index, once. */
static void launch_instance(struct ctx *x, CXCursor call)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) == CXCursor_FunctionTemplate ||
        clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef) {
        /* In a template's pattern the kernel is named by each of its
         * instantiations (follow_instances), where Clang resolved it. */
        if (!x->host_tmpl)
            error_at(x, call, "a launch whose kernel Clang cannot name (through a pointer?): not "
                              "supported; launch the kernel by name");
        return;
    }
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
        /* a variable, parameter or member holding a kernel's address */
        error_at(x, call, "a launch through a pointer to a kernel: not supported; launch the "
                          "kernel by name");
        return;
    }
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) && !in_own_file(x, def)) {
        CXString n = clang_getCursorSpelling(callee);
        error_at(x, call, "kernel '%s' is defined in a system header: define kernels in the "
                          "program's own files", clang_getCString(n));
        clang_disposeString(n);
        return;
    }
    CXCursor tmpl = clang_getSpecializedCursorTemplate(callee);
    size_t t = 0;
    while (t < x->ntemplates && (clang_Cursor_isNull(tmpl) ||
                                 !clang_equalCursors(tmpl, x->templates[t])))
        t++;
    if (t == x->ntemplates)
        return; /* a kernel that is no template */
    char name[512], target[1536];
    qualified(x->templates[t], name, sizeof name);
    /* A parameter whose type a template argument makes a struct holding a
     * pointer: the stub, one body for every instance, cannot copy it in
     * the device's layout. */
    CXType ft = clang_getCursorType(callee);
    for (int i = 0; i < clang_getNumArgTypes(ft); i++) {
        CXType at = clang_getArgType(ft, (unsigned)i);
        char what[128];
        if (clang_getCanonicalType(at).kind == CXType_Record &&
            nvcc_type_differs(at, what, sizeof what)) {
            CXString as = clang_getTypeSpelling(at);
            error_at(x, call, "kernel template '%s' takes parameter %d as '%s', a struct holding "
                              "a '%s': the GPU lays it out differently; a template kernel's "
                              "struct parameters must not hold pointers or longs (pass them "
                              "as parameters of their own)", name, i + 1, clang_getCString(as), what);
            clang_disposeString(as);
            return;
        }
    }
    int n = clang_Cursor_getNumTemplateArguments(callee);
    size_t used = (size_t)snprintf(target, sizeof target, "%s<", name);
    for (int i = 0; i < n && used < sizeof target; i++) {
        enum CXTemplateArgumentKind ak = clang_Cursor_getTemplateArgumentKind(callee, (unsigned)i);
        const char *sep = i ? ", " : "";
        if (ak == CXTemplateArgumentKind_Type) {
            CXType at = clang_getCanonicalType(clang_Cursor_getTemplateArgumentType(callee, (unsigned)i));
            CXString as = clang_getTypeSpelling(at);
            used += (size_t)snprintf(target + used, sizeof target - used, "%s%s", sep,
                                     clang_getCString(as));
            clang_disposeString(as);
        } else if (ak == CXTemplateArgumentKind_Integral) {
            used += (size_t)snprintf(target + used, sizeof target - used, "%s%lld", sep,
                                     clang_Cursor_getTemplateArgumentValue(callee, (unsigned)i));
        } else {
            error_at(x, call, "kernel template '%s': only type and integer template arguments "
                              "are supported", name);
            return;
        }
    }
    if (used + 2 >= sizeof target) {
        error_at(x, call, "kernel template '%s': template arguments too long", name);
        return;
    }
    strcpy(target + used, ">");
    for (size_t i = 0; i < x->out->nkernels; i++)
        if (!strcmp(x->out->kernels[i].target, target))
            return;
    add_kernel(x, name, target, x->next_id++, 1, NULL);
}

static void kernel(struct ctx *x, CXCursor fn, bool is_template)
{
    char name[512];
    qualified(fn, name, sizeof name);
    /* Overloads: the dispatch names each through a function pointer of its
     * parameter types (sig); an overloaded template is refused. */
    for (size_t i = 0; i < x->out->nkernels; i++)
        if (!strcmp(x->out->kernels[i].name, name) && (is_template || x->out->kernels[i].instance)) {
            error_at(x, fn, "kernel template '%s' is overloaded: overloaded kernel templates are "
                            "not supported yet", name);
            return;
        }
    for (size_t i = 0; i < x->ntemplates; i++) {
        char other[512];
        qualified(x->templates[i], other, sizeof other);
        if (!strcmp(other, name)) {
            error_at(x, fn, "kernel template '%s' is overloaded: overloaded kernel templates are "
                            "not supported yet", name);
            return;
        }
    }
    /* A template's stub finds its instance's index at run time: the
     * instances are the ones the file's launches name (launch_instance),
     * listed after the file, where every argument type is complete. */
    char id_expr[600];
    unsigned id = 0;
    if (is_template) {
        char params[512] = "";
        struct kids k = children(fn);
        for (unsigned i = 0; i < k.n; i++) {
            enum CXCursorKind pk = clang_getCursorKind(k.v[i]);
            if (pk != CXCursor_TemplateTypeParameter && pk != CXCursor_NonTypeTemplateParameter &&
                pk != CXCursor_TemplateTemplateParameter)
                continue;
            CXString ps = clang_getCursorSpelling(k.v[i]);
            snprintf(params + strlen(params), sizeof params - strlen(params), "%s%s",
                     params[0] ? ", " : "", clang_getCString(ps));
            clang_disposeString(ps);
        }
        free(k.v);
        CXString bare = clang_getCursorSpelling(fn);
        snprintf(id_expr, sizeof id_expr, "__scord_kernel_id((const void *)&%s<%s>)",
                 clang_getCString(bare), params);
        clang_disposeString(bare);
        CXCursor *t = realloc(x->templates, (x->ntemplates + 1) * sizeof *t);
        if (!t) {
            x->oom = 1;
            return;
        }
        x->templates = t;
        t[x->ntemplates++] = fn;
    } else {
        id = x->next_id++;
        snprintf(id_expr, sizeof id_expr, "%uu", id);
    }
    /* the parameters (a template's are only its ParmDecl children) */
    struct kids parms = {0};
    {
        struct kids k = children(fn);
        for (unsigned i = 0; i < k.n; i++)
            if (clang_getCursorKind(k.v[i]) == CXCursor_ParmDecl)
                collect(k.v[i], fn, &parms);
        free(k.v);
    }
    /* The stub's body: "{ <mirrors> (void)__scord_launch(name, id, args); }",
     * a struct parameter laid out differently on the GPU passed as a local
     * copy in the device's layout (params.h). */
    char *pre = xstrdup(x, ""), *args = xstrdup(x, "");
    for (unsigned i = 0; i < parms.n && pre && args; i++) {
        CXCursor p = parms.v[i];
        CXType t = clang_getCursorType(p);
        CXType ct = clang_getCanonicalType(t);
        CXString pn = clang_getCursorSpelling(p);
        const char *pname = clang_getCString(pn);
        char what[128], var[32];
        const char *arg = pname ? pname : "";
        snprintf(var, sizeof var, "__scord_a%u", i);
        if (!pname || !*pname)
            error_at(x, p, "parameter %u of kernel '%s' has no name: name it", i + 1, name);
        else if (ct.kind == CXType_LValueReference || ct.kind == CXType_RValueReference)
            error_at(x, p, "kernel '%s' takes parameter '%s' by reference: kernels take their "
                           "parameters by value", name, pname);
        else if (ct.kind == CXType_Record && nvcc_type_differs(t, what, sizeof what)) {
            char why[256];
            char *code = nvcc_param_mirror(t, pname, var, why, sizeof why);
            if (code) {
                pre = append(x, pre, code);
                arg = var;
            } else if (why[0])
                error_at(x, p,
                         "kernel '%s' takes a struct by value holding a '%s' (parameter '%s') "
                         "with %s: the GPU lays it out differently and scord-nvcc cannot copy "
                         "it member by member; pass the members as parameters of their own",
                         name, what, pname, why);
            else
                x->oom = 1;
            free(code);
        }
        args = append(x, args, ", ");
        args = append(x, args, arg);
        clang_disposeString(pn);
    }
    char *call = NULL;
    if (pre && args) {
        size_t need = strlen(pre) + strlen(args) + strlen(name) + strlen(id_expr) + 64;
        if ((call = malloc(need)))
            snprintf(call, need, "{ %s(void)__scord_launch(\"%s\", %s%s); }", pre, name, id_expr,
                     args);
    }
    free(pre);
    free(args);
    if (!call) {
        x->oom = 1;
        free(parms.v);
        return;
    }
    CXCursor body = body_of(fn);
    size_t b, e;
    if (extent(x, body, &b, &e)) {
        char *t = with_lines(x, call, b, e);
        if (t)
            add(x, &x->host, EDIT_REPLACE, b, e, 0, t);
        free(t);
    }
    free(call);
    free(parms.v);
    if (!is_template) {
        char *sig = signature(x, fn);
        add_kernel(x, name, name, id, 0, sig);
        free(sig);
    }
}

static void device_var(struct ctx *x, CXCursor v)
{
    char name[512];
    qualified(v, name, sizeof name);
    CXString m = clang_Cursor_getMangling(v);
    const char *sym = clang_getCString(m);
    struct nvcc_var *nv = realloc(x->out->vars, (x->out->nvars + 1) * sizeof *nv);
    if (!nv) {
        x->oom = 1;
    } else {
        x->out->vars = nv;
        nv[x->out->nvars++] =
            (struct nvcc_var){xstrdup(x, name), xstrdup(x, sym && *sym ? sym : name)};
    }
    clang_disposeString(m);
}

/* ---- declarations ------------------------------------------------------------ */

/* The member functions defined in a class: device ones walked as device
 * code (volatile accesses, __shared__), host ones as host code
 * (launches); in the device unit a host-only member's body traps (a
 * device function calling it would be refused by nvcc), in the host unit
 * a device-only member stays (the host unit declares the device
 * built-ins; an inline member nobody calls is never compiled). */
static void class_body(struct ctx *x, CXCursor cls, bool tmpl)
{
    struct kids kids = children(cls);
    for (unsigned i = 0; i < kids.n; i++) {
        CXCursor m = kids.v[i];
        enum CXCursorKind k = clang_getCursorKind(m);
        if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
            k == CXCursor_ClassTemplatePartialSpecialization) {
            class_body(x, m, tmpl || (k != CXCursor_StructDecl && k != CXCursor_ClassDecl));
            continue;
        }
        if (k != CXCursor_CXXMethod && k != CXCursor_Constructor && k != CXCursor_Destructor &&
            k != CXCursor_FunctionTemplate && k != CXCursor_ConversionFunction)
            continue;
        CXCursor body = body_of(m);
        size_t b, e;
        if (clang_Cursor_isNull(body) || !extent(x, body, &b, &e))
            continue;
        bool device = has_attr(m, CXCursor_CUDADeviceAttr);
        bool host = has_attr(m, CXCursor_CUDAHostAttr);
        bool mt = tmpl || k == CXCursor_FunctionTemplate;
        if (device)
            walk_device(x, body, m, 0, mt);
        if (!device || host) {
            x->host_tmpl = mt;
            walk_host(x, body);
            x->host_tmpl = false;
        }
        if (!device) {
            char *t = with_lines(x, "{ __builtin_trap(); }", b, e);
            if (t)
                add(x, &x->dev, EDIT_REPLACE, b, e, 0, t);
            free(t);
        }
    }
    free(kids.v);
}

static void top(struct ctx *x, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!in_current_file(x, c))
        return;
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec) {
        struct kids kids = children(c);
        for (unsigned i = 0; i < kids.n; i++)
            top(x, kids.v[i]);
        free(kids.v);
        return;
    }
    if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) {
        if (clang_getCursorKind(clang_getCursorSemanticParent(c)) != CXCursor_Namespace &&
            clang_getCursorKind(clang_getCursorSemanticParent(c)) != CXCursor_TranslationUnit &&
            clang_getCursorKind(clang_getCursorSemanticParent(c)) != CXCursor_LinkageSpec)
            return; /* an out-of-class member template: as a member below */
        bool global = has_attr(c, CXCursor_CUDAGlobalAttr);
        bool device = has_attr(c, CXCursor_CUDADeviceAttr);
        bool host = has_attr(c, CXCursor_CUDAHostAttr);
        bool tmpl = k == CXCursor_FunctionTemplate;
        if (!clang_isCursorDefinition(c))
            return; /* a declaration is harmless on both sides */
        if (global) {
            walk_device(x, body_of(c), c, 0, tmpl);
            kernel(x, c, tmpl);
        } else if (device) {
            walk_device(x, body_of(c), c, 0, tmpl);
            if (!host)
                blank(x, &x->host, c);
            else
                walk_host(x, body_of(c));
        } else {
            blank(x, &x->dev, c);
            x->host_tmpl = tmpl;
            walk_host(x, c);
            x->host_tmpl = false;
        }
        return;
    }
    if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
        k == CXCursor_ClassTemplatePartialSpecialization) {
        class_body(x, c, k != CXCursor_StructDecl && k != CXCursor_ClassDecl);
        return;
    }
    if (k == CXCursor_VarDecl) {
        bool device = has_attr(c, CXCursor_CUDADeviceAttr) ||
                      has_attr(c, CXCursor_CUDAConstantAttr);
        bool shared = has_attr(c, CXCursor_CUDASharedAttr);
        if (shared) {
            blank(x, &x->host, c);
            shared_var(x, c, clang_getNullCursor(), false);
        }
        else if (device)
            device_var(x, c);
        else if (!clang_isConstQualifiedType(clang_getCursorType(c)))
            blank(x, &x->dev, c); /* a host variable; constants serve both sides */
        return;
    }
    if (k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor) {
        /* out-of-class member definitions: host-only unless marked */
        if (clang_isCursorDefinition(c) && !has_attr(c, CXCursor_CUDADeviceAttr))
            blank(x, &x->dev, c);
        else if (clang_isCursorDefinition(c) && !has_attr(c, CXCursor_CUDAHostAttr))
            blank(x, &x->host, c);
        return;
    }
}

/* ---- features we do not have ------------------------------------------------- */

/* scord_nvcc_parse.h declares CUDA's features this GPU lacks (textures,
 * surfaces, wmma, grid groups, ...) unavailable; Clang reports a call of
 * such a function itself, but not every use of such a class template, so
 * every reference to an unavailable declaration is refused here with the
 * declaration's own message. */
static void refuse_unavailable(struct ctx *x, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isDeclaration(k) || k == CXCursor_TypeRef) {
        /* a variable, member or parameter of such a type (a class
         * template's specialization carries the attribute), or a use of
         * such a class */
        CXCursor d = k == CXCursor_TypeRef ? clang_getCursorReferenced(c)
                                           : clang_getTypeDeclaration(clang_getCursorType(c));
        if (!clang_Cursor_isNull(d) &&
            clang_getCursorAvailability(d) == CXAvailability_NotAvailable) {
            int always_dep, always_unavail;
            CXString dep_msg, unavail_msg;
            clang_getCursorPlatformAvailability(d, &always_dep, &dep_msg, &always_unavail,
                                                &unavail_msg, NULL, 0);
            CXString name = clang_getCursorSpelling(d);
            const char *m = clang_getCString(unavail_msg);
            error_at(x, c, "'%s' is unavailable: %s", clang_getCString(name),
                     m && *m ? m : "not supported by scord-nvcc");
            clang_disposeString(name);
            clang_disposeString(dep_msg);
            clang_disposeString(unavail_msg);
        }
    }
    struct kids kids = children(c);
    for (unsigned i = 0; i < kids.n; i++)
        if (in_own_file(x, kids.v[i]))
            refuse_unavailable(x, kids.v[i]);
    free(kids.v);
}

/* ---- entry ----------------------------------------------------------------------- */


/* Rewrite the inclusion directives: the files that get copies are the
 * edited ones and those including one (their directive changes); in them
 * and in the .cu file a directive naming such a file names its copy, and
 * in a copy every quoted directive names its file by real path (the copy
 * lives elsewhere). need[]: which files get copies. */
static bool has_edits(const struct tfile *t) { return t->dev.n || t->host.n; }

static void rewrite_includes(struct ctx *x, CXCursor *dirs, unsigned nd, bool **need_out)
{
    x->files[x->cur].dev = x->dev;
    x->files[x->cur].host = x->host;
    size_t *from = calloc(nd + 1, sizeof *from), *to = calloc(nd + 1, sizeof *to);
    for (unsigned i = 0; from && to && i < nd; i++) {
        CXFile ff = NULL, tf = clang_getIncludedFile(dirs[i]);
        clang_getExpansionLocation(clang_getCursorLocation(dirs[i]), &ff, NULL, NULL, NULL);
        from[i] = ff ? file_index(x, ff) : SIZE_MAX;
        to[i] = tf ? file_index(x, tf) : SIZE_MAX;
    }
    bool *need = calloc(x->nfiles + 1, sizeof *need);
    if (!from || !to || !need) {
        x->oom = 1;
        free(from);
        free(to);
        free(need);
        return;
    }
    for (size_t f = 1; f < x->nfiles; f++)
        need[f] = x->files[f].own && has_edits(&x->files[f]);
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned i = 0; i < nd; i++)
            if (from[i] != SIZE_MAX && from[i] != 0 && to[i] != SIZE_MAX && need[to[i]] &&
                !need[from[i]] && x->files[from[i]].own)
                need[from[i]] = changed = true;
    }
    for (unsigned i = 0; i < nd; i++) {
        size_t f = from[i], t = to[i], b, e;
        if (f == SIZE_MAX || t == SIZE_MAX || (f != 0 && !need[f]))
            continue;
        switch_file(x, f);
        if (!extent(x, dirs[i], &b, &e))
            continue;
        char text[PATH_MAX + 64];
        if (need[t])
            snprintf(text, sizeof text, "#include \"__scord_hdr_%u_%zu.h\"", x->unit, t);
        else if (f != 0 && memchr(x->src + b, '"', e - b))
            snprintf(text, sizeof text, "#include \"%s\"", x->files[t].real);
        else
            continue;
        add(x, &x->dev, EDIT_REPLACE, b, e, 0, text);
        add(x, &x->host, EDIT_REPLACE, b, e, 0, text);
    }
    switch_file(x, 0);
    x->files[0].dev = x->dev;
    x->files[0].host = x->host;
    free(from);
    free(to);
    *need_out = need;
}

int nvcc_translate(const char *path, const char *const *clang_args, int nargs, unsigned first_id,
                   unsigned unit, const char *const *our_dirs, struct nvcc_unit *out)
{
    memset(out, 0, sizeof *out);
    struct ctx x = {0};
    x.path = path;
    x.out = out;
    x.next_id = first_id;
    x.unit = unit;
    x.our_dirs = our_dirs;
    CXIndex idx = clang_createIndex(0, 0);
    enum CXErrorCode ec = clang_parseTranslationUnit2(
        idx, path, clang_args, nargs, NULL, 0,
        CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord, &x.tu);
    if (ec != CXError_Success || !x.tu) {
        fprintf(stderr, "%s: error: Clang could not parse the file (libclang error %d)\n", path,
                (int)ec);
        clang_disposeIndex(idx);
        return -1;
    }
    int errors = 0;
    unsigned nd = clang_getNumDiagnostics(x.tu);
    for (unsigned i = 0; i < nd; i++) {
        CXDiagnostic d = clang_getDiagnostic(x.tu, i);
        enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);
        if (s >= CXDiagnostic_Error) {
            CXString t = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
            fprintf(stderr, "%s\n", clang_getCString(t));
            clang_disposeString(t);
            errors++;
        }
        clang_disposeDiagnostic(d);
    }
    CXFile main_file = clang_getFile(x.tu, path);
    if (errors || !main_file || file_index(&x, main_file) != 0) {
        if (!errors)
            fprintf(stderr, "%s: error: cannot read the file\n", path);
        clang_disposeTranslationUnit(x.tu);
        clang_disposeIndex(idx);
        free(x.files ? x.files[0].real : NULL);
        free(x.files ? x.files[0].src : NULL);
        free(x.files);
        return errors ? errors : -1;
    }
    x.cur = 0;
    x.file = x.files[0].file;
    x.src = x.files[0].src;
    x.len = x.files[0].len;
    struct kids k = children(clang_getTranslationUnitCursor(x.tu));
    struct kids dirs = {0};
    for (unsigned i = 0; i < k.n; i++) {
        if (clang_getCursorKind(k.v[i]) == CXCursor_InclusionDirective)
            collect(k.v[i], k.v[i], &dirs);
        else if (in_own_file(&x, k.v[i]))
            refuse_unavailable(&x, k.v[i]);
    }
    for (unsigned i = 0; i < k.n && !x.errors && !x.oom; i++) {
        CXFile f = NULL;
        clang_getExpansionLocation(clang_getCursorLocation(k.v[i]), &f, NULL, NULL, NULL);
        size_t fi = f ? file_index(&x, f) : SIZE_MAX;
        if (fi == SIZE_MAX || !x.files[fi].own)
            continue;
        switch_file(&x, fi);
        top(&x, k.v[i]);
    }
    free(k.v);
    bool *need = NULL;
    if (!x.errors && !x.oom)
        rewrite_includes(&x, dirs.v, dirs.n, &need);
    free(dirs.v);
    const char *why = NULL;
    for (size_t f = 0; f < x.nfiles && need && !x.errors && !x.oom && !why; f++) {
        struct tfile *t = &x.files[f];
        if (f != 0 && !need[f])
            continue;
        char *dev = edits_apply(&t->dev, t->src, t->len, &why);
        char *host = why ? NULL : edits_apply(&t->host, t->src, t->len, &why);
        if (why) {
            fprintf(stderr, "%s: error: scord-nvcc could not rewrite the file: %s\n", t->real, why);
            x.errors++;
        } else if (f == 0) {
            out->device_src = dev;
            out->host_src = host;
            dev = host = NULL;
        } else {
            struct nvcc_header *h = realloc(out->headers, (out->nheaders + 1) * sizeof *h);
            char name[64];
            snprintf(name, sizeof name, "__scord_hdr_%u_%zu.h", unit, f);
            if (!h) {
                x.oom = 1;
            } else {
                out->headers = h;
                h[out->nheaders++] = (struct nvcc_header){xstrdup(&x, name), xstrdup(&x, t->real),
                                                          dev, host};
                dev = host = NULL;
            }
        }
        free(dev);
        free(host);
    }
    free(need);
    if (x.oom) {
        fprintf(stderr, "%s: error: out of memory\n", path);
        x.errors++;
    }
    if (x.cur != 0)
        switch_file(&x, 0); /* every file's edits back in x.files */
    x.files[0].dev = x.dev;
    x.files[0].host = x.host;
    for (size_t f = 0; f < x.nfiles; f++) {
        edits_free(&x.files[f].dev);
        edits_free(&x.files[f].host);
        free(x.files[f].real);
        free(x.files[f].src);
    }
    free(x.files);
    free(x.templates);
    free(x.seen);
    clang_disposeTranslationUnit(x.tu);
    clang_disposeIndex(idx);
    return x.errors;
}

void nvcc_unit_free(struct nvcc_unit *u)
{
    free(u->device_src);
    free(u->host_src);
    for (size_t i = 0; i < u->nkernels; i++) {
        free(u->kernels[i].name);
        free(u->kernels[i].target);
        free(u->kernels[i].sig);
    }
    free(u->kernels);
    for (size_t i = 0; i < u->nheaders; i++) {
        free(u->headers[i].name);
        free(u->headers[i].path);
        free(u->headers[i].device_src);
        free(u->headers[i].host_src);
    }
    free(u->headers);
    for (size_t i = 0; i < u->nvars; i++) {
        free(u->vars[i].name);
        free(u->vars[i].symbol);
    }
    free(u->vars);
    memset(u, 0, sizeof *u);
}
