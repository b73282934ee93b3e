/* translate.c: see translate.h. The declarations of a file and the
 * entry; the parts: translate_int.h. */
#define _XOPEN_SOURCE 700
#include "translate_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- declarations ------------------------------------------------------------ */

/* The member functions defined in a class: device ones walked as device
 * code (volatile accesses, __shared__), host ones as host code
 * (launches); in the device unit a host-only member's body traps (a
 * device function calling it would be refused by nvcc), in the host unit
 * a device-only member stays (the host unit declares the device
 * built-ins; an inline member nobody calls is never compiled). */
static void class_body(struct ctx *x, CXCursor cls, bool tmpl)
{
    struct kids kids = tr_children(cls);
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
        CXCursor body = tr_body_of(m);
        size_t b, e;
        if (clang_Cursor_isNull(body) || !tr_extent(x, body, &b, &e))
            continue;
        bool device = tr_has_attr(m, CXCursor_CUDADeviceAttr);
        bool host = tr_has_attr(m, CXCursor_CUDAHostAttr);
        bool mt = tmpl || k == CXCursor_FunctionTemplate;
        if (device)
            tr_walk_device(x, body, m, 0, mt);
        if (!device || host) {
            x->host_tmpl = mt;
            tr_walk_host(x, body);
            x->host_tmpl = false;
        }
        if (!device) {
            char *t = tr_with_lines(x, "{ __builtin_trap(); }", b, e);
            if (t)
                tr_add(x, &x->dev, EDIT_REPLACE, b, e, 0, t);
            free(t);
        }
    }
    free(kids.v);
}

static void top(struct ctx *x, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!tr_in_current_file(x, c))
        return;
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec) {
        struct kids kids = tr_children(c);
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
        bool global = tr_has_attr(c, CXCursor_CUDAGlobalAttr);
        bool device = tr_has_attr(c, CXCursor_CUDADeviceAttr);
        bool host = tr_has_attr(c, CXCursor_CUDAHostAttr);
        bool tmpl = k == CXCursor_FunctionTemplate;
        if (!clang_isCursorDefinition(c))
            return; /* a declaration is harmless on both sides */
        if (global) {
            tr_walk_device(x, tr_body_of(c), c, 0, tmpl);
            tr_kernel(x, c, tmpl);
        } else if (device) {
            tr_walk_device(x, tr_body_of(c), c, 0, tmpl);
            if (!host)
                tr_blank(x, &x->host, c);
            else
                tr_walk_host(x, tr_body_of(c));
        } else {
            tr_blank(x, &x->dev, c);
            x->host_tmpl = tmpl;
            tr_walk_host(x, c);
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
        bool device = tr_has_attr(c, CXCursor_CUDADeviceAttr) ||
                      tr_has_attr(c, CXCursor_CUDAConstantAttr);
        bool shared = tr_has_attr(c, CXCursor_CUDASharedAttr);
        if (shared) {
            tr_blank(x, &x->host, c);
            tr_shared_var(x, c, clang_getNullCursor(), false);
        }
        else if (device)
            tr_device_var(x, c);
        else if (!clang_isConstQualifiedType(clang_getCursorType(c)))
            tr_blank(x, &x->dev, c); /* a host variable; constants serve both sides */
        return;
    }
    if (k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor) {
        /* out-of-class member definitions: host-only unless marked */
        if (clang_isCursorDefinition(c) && !tr_has_attr(c, CXCursor_CUDADeviceAttr))
            tr_blank(x, &x->dev, c);
        else if (clang_isCursorDefinition(c) && !tr_has_attr(c, CXCursor_CUDAHostAttr))
            tr_blank(x, &x->host, c);
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
            tr_error_at(x, c, "'%s' is unavailable: %s", clang_getCString(name),
                     m && *m ? m : "not supported by scord-nvcc");
            clang_disposeString(name);
            clang_disposeString(dep_msg);
            clang_disposeString(unavail_msg);
        }
    }
    struct kids kids = tr_children(c);
    for (unsigned i = 0; i < kids.n; i++)
        if (tr_in_own_file(x, kids.v[i]))
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
        from[i] = ff ? tr_file_index(x, ff) : SIZE_MAX;
        to[i] = tf ? tr_file_index(x, tf) : SIZE_MAX;
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
        tr_switch_file(x, f);
        if (!tr_extent(x, dirs[i], &b, &e))
            continue;
        char text[PATH_MAX + 64];
        if (need[t])
            snprintf(text, sizeof text, "#include \"__scord_hdr_%u_%zu.h\"", x->unit, t);
        else if (f != 0 && memchr(x->src + b, '"', e - b))
            snprintf(text, sizeof text, "#include \"%s\"", x->files[t].real);
        else
            continue;
        tr_add(x, &x->dev, EDIT_REPLACE, b, e, 0, text);
        tr_add(x, &x->host, EDIT_REPLACE, b, e, 0, text);
    }
    tr_switch_file(x, 0);
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
    if (errors || !main_file || tr_file_index(&x, main_file) != 0) {
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
    struct kids k = tr_children(clang_getTranslationUnitCursor(x.tu));
    struct kids dirs = {0};
    for (unsigned i = 0; i < k.n; i++) {
        if (clang_getCursorKind(k.v[i]) == CXCursor_InclusionDirective)
            tr_collect(k.v[i], k.v[i], &dirs);
        else if (tr_in_own_file(&x, k.v[i]))
            refuse_unavailable(&x, k.v[i]);
    }
    for (unsigned i = 0; i < k.n && !x.errors && !x.oom; i++) {
        CXFile f = NULL;
        clang_getExpansionLocation(clang_getCursorLocation(k.v[i]), &f, NULL, NULL, NULL);
        size_t fi = f ? tr_file_index(&x, f) : SIZE_MAX;
        if (fi == SIZE_MAX || !x.files[fi].own)
            continue;
        tr_switch_file(&x, fi);
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
                h[out->nheaders++] = (struct nvcc_header){tr_xstrdup(&x, name), tr_xstrdup(&x, t->real),
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
        tr_switch_file(&x, 0); /* every file's edits back in x.files */
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
