/* translate_host.c: host code in the host unit: launches, the kernel
 * instances they name, kernels made launch stubs, device variables
 * (translate_int.h). */
#define _XOPEN_SOURCE 700
#include "translate_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/* ---- host code: launches ------------------------------------------------- */

bool tr_is_launch(CXCursor call, CXCursor *config)
{
    struct kids k = tr_children(call);
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

void tr_launch_instance(struct ctx *x, CXCursor call);

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
    if (tr_is_launch(c, &config)) {
        if (!tr_in_own_file(x, c)) {
            tr_error_at(x, c, "a kernel launch in a system header or one of scord-nvcc's: not "
                           "supported");
            return CXChildVisit_Continue;
        }
        tr_launch_instance(x, c);
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
    if (clang_Cursor_isNull(def) || tr_has_attr(def, CXCursor_CUDAGlobalAttr))
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

void tr_walk_host(struct ctx *x, CXCursor c)
{
    CXCursor config;
    size_t b, e;
    if (clang_getCursorKind(c) == CXCursor_CallExpr && tr_is_launch(c, &config)) {
        if (!tr_extent(x, c, &b, &e)) {
            tr_error_at(x, c, "a kernel launch (<<<...>>>) inside a macro is not supported");
            return;
        }
        /* k<<<cfg>>>(args) -> (__scordCudaPushCallConfiguration(cfg), k(args)) */
        char tok[16] = "";
        size_t lb = 0, le = 0, gb = 0, ge = 0, p = b;
        while (tr_token_after(x, c, p, &lb, &le, tok, sizeof tok) && strcmp(tok, "<<<"))
            p = le;
        if (strcmp(tok, "<<<")) {
            tr_error_at(x, c, "cannot find the launch's <<<");
            return;
        }
        p = le;
        while (tr_token_after(x, c, p, &gb, &ge, tok, sizeof tok) && strcmp(tok, ">>>"))
            p = ge;
        if (strcmp(tok, ">>>")) {
            tr_error_at(x, c, "cannot find the launch's >>>");
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
        tr_add(x, &x->host, EDIT_REPLACE, b, ge, 0, t);
        tr_add(x, &x->host, EDIT_CLOSE, e, e, 0, ")");
        free(t);
        tr_launch_instance(x, c);
        struct kids k = tr_children(c);
        for (unsigned i = 0; i < k.n; i++) /* launches among the arguments */
            if (!clang_equalCursors(k.v[i], config))
                tr_walk_host(x, k.v[i]);
        free(k.v);
        return;
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        follow_instances(x, c);
    struct kids k = tr_children(c);
    for (unsigned i = 0; i < k.n; i++)
        tr_walk_host(x, k.v[i]);
    free(k.v);
}

/* ---- kernels --------------------------------------------------------------- */

/* A kernel's parameter types as the dispatch (after the file, at global
 * scope) can name them: "int *, ns::Params" (malloc'd; NULL when out of
 * memory). Canonical spellings are fully qualified; an unnamed type's
 * canonical spelling is not a name, so the written one is kept then. */
static char *signature(struct ctx *x, CXCursor fn)
{
    char *sig = tr_xstrdup(x, "");
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n && sig; i++) {
        CXType t = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i));
        CXString cs = clang_getTypeSpelling(clang_getCanonicalType(t));
        CXString ws = clang_getTypeSpelling(t);
        const char *c = clang_getCString(cs);
        const char *use = strstr(c, "(unnamed") || strstr(c, "(anonymous") ? clang_getCString(ws) : c;
        if (i)
            sig = tr_append(x, sig, ", ");
        sig = tr_append(x, sig, use);
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
        (struct nvcc_kernel){tr_xstrdup(x, name), tr_xstrdup(x, target), id, instance,
                             sig ? tr_xstrdup(x, sig) : NULL};
}

/* A launch of a template kernel: its instance (template arguments as the
 * call resolved them) gets an index, once. */
void tr_launch_instance(struct ctx *x, CXCursor call)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) == CXCursor_FunctionTemplate ||
        clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef) {
        /* In a template's pattern the kernel is named by each of its
         * instantiations (follow_instances), where Clang resolved it. */
        if (!x->host_tmpl)
            tr_error_at(x, call, "a launch whose kernel Clang cannot name (through a pointer?): not "
                              "supported; launch the kernel by name");
        return;
    }
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
        /* a variable, parameter or member holding a kernel's address */
        tr_error_at(x, call, "a launch through a pointer to a kernel: not supported; launch the "
                          "kernel by name");
        return;
    }
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) && !tr_in_own_file(x, def)) {
        CXString n = clang_getCursorSpelling(callee);
        tr_error_at(x, call, "kernel '%s' is defined in a system header: define kernels in the "
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
    tr_qualified(x->templates[t], name, sizeof name);
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
            tr_error_at(x, call, "kernel template '%s' takes parameter %d as '%s', a struct holding "
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
            tr_error_at(x, call, "kernel template '%s': only type and integer template arguments "
                              "are supported", name);
            return;
        }
    }
    if (used + 2 >= sizeof target) {
        tr_error_at(x, call, "kernel template '%s': template arguments too long", name);
        return;
    }
    strcpy(target + used, ">");
    for (size_t i = 0; i < x->out->nkernels; i++)
        if (!strcmp(x->out->kernels[i].target, target))
            return;
    add_kernel(x, name, target, x->next_id++, 1, NULL);
}

void tr_kernel(struct ctx *x, CXCursor fn, bool is_template)
{
    char name[512];
    tr_qualified(fn, name, sizeof name);
    /* Overloads: the dispatch names each through a function pointer of its
     * parameter types (sig); an overloaded template is refused. */
    for (size_t i = 0; i < x->out->nkernels; i++)
        if (!strcmp(x->out->kernels[i].name, name) && (is_template || x->out->kernels[i].instance)) {
            tr_error_at(x, fn, "kernel template '%s' is overloaded: overloaded kernel templates are "
                            "not supported yet", name);
            return;
        }
    for (size_t i = 0; i < x->ntemplates; i++) {
        char other[512];
        tr_qualified(x->templates[i], other, sizeof other);
        if (!strcmp(other, name)) {
            tr_error_at(x, fn, "kernel template '%s' is overloaded: overloaded kernel templates are "
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
        struct kids k = tr_children(fn);
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
        struct kids k = tr_children(fn);
        for (unsigned i = 0; i < k.n; i++)
            if (clang_getCursorKind(k.v[i]) == CXCursor_ParmDecl)
                tr_collect(k.v[i], fn, &parms);
        free(k.v);
    }
    /* The stub's body: "{ <mirrors> (void)__scord_launch(name, id, args); }",
     * a struct parameter laid out differently on the GPU passed as a local
     * copy in the device's layout (params.h). */
    char *pre = tr_xstrdup(x, ""), *args = tr_xstrdup(x, "");
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
            tr_error_at(x, p, "parameter %u of kernel '%s' has no name: name it", i + 1, name);
        else if (ct.kind == CXType_LValueReference || ct.kind == CXType_RValueReference)
            tr_error_at(x, p, "kernel '%s' takes parameter '%s' by reference: kernels take their "
                           "parameters by value", name, pname);
        else if (ct.kind == CXType_Record && nvcc_type_differs(t, what, sizeof what)) {
            char why[256];
            char *code = nvcc_param_mirror(t, pname, var, why, sizeof why);
            if (code) {
                pre = tr_append(x, pre, code);
                arg = var;
            } else if (why[0])
                tr_error_at(x, p,
                         "kernel '%s' takes a struct by value holding a '%s' (parameter '%s') "
                         "with %s: the GPU lays it out differently and scord-nvcc cannot copy "
                         "it member by member; pass the members as parameters of their own",
                         name, what, pname, why);
            else
                x->oom = 1;
            free(code);
        }
        args = tr_append(x, args, ", ");
        args = tr_append(x, args, arg);
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
    CXCursor body = tr_body_of(fn);
    size_t b, e;
    if (tr_extent(x, body, &b, &e)) {
        char *t = tr_with_lines(x, call, b, e);
        if (t)
            tr_add(x, &x->host, EDIT_REPLACE, b, e, 0, t);
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

void tr_device_var(struct ctx *x, CXCursor v)
{
    char name[512];
    tr_qualified(v, name, sizeof name);
    CXString m = clang_Cursor_getMangling(v);
    const char *sym = clang_getCString(m);
    struct nvcc_var *nv = realloc(x->out->vars, (x->out->nvars + 1) * sizeof *nv);
    if (!nv) {
        x->oom = 1;
    } else {
        x->out->vars = nv;
        nv[x->out->nvars++] =
            (struct nvcc_var){tr_xstrdup(x, name), tr_xstrdup(x, sym && *sym ? sym : name)};
    }
    clang_disposeString(m);
}
