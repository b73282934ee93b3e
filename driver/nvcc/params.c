/* params.c: see params.h. */
#define _XOPEN_SOURCE 700
#include "params.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- what differs --------------------------------------------------------- */

struct differs {
    bool found;
    char *what;
    size_t wlen;
};

static enum CXVisitorResult field_differs(CXCursor f, CXClientData d)
{
    struct differs *s = d;
    s->found = nvcc_type_differs(clang_getCursorType(f), s->what, s->wlen);
    return s->found ? CXVisit_Break : CXVisit_Continue;
}

static enum CXChildVisitResult base_differs(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    struct differs *s = d;
    if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier)
        s->found = nvcc_type_differs(clang_getCursorType(c), s->what, s->wlen);
    return s->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool nvcc_type_differs(CXType t, char *what, size_t wlen)
{
    CXType ct = clang_getCanonicalType(t);
    switch (ct.kind) {
    case CXType_Pointer:
    case CXType_BlockPointer:
    case CXType_LValueReference:
    case CXType_RValueReference:
    case CXType_MemberPointer:
    case CXType_NullPtr:
    case CXType_Long:
    case CXType_ULong:
    case CXType_LongDouble: {
        CXString s = clang_getTypeSpelling(t);
        snprintf(what, wlen, "%s", clang_getCString(s));
        clang_disposeString(s);
        return true;
    }
    case CXType_ConstantArray:
        return nvcc_type_differs(clang_getArrayElementType(ct), what, wlen);
    case CXType_Record: {
        struct differs s = {false, what, wlen};
        clang_Type_visitFields(ct, field_differs, &s);
        if (!s.found)
            clang_visitChildren(clang_getTypeDeclaration(ct), base_differs, &s);
        return s.found;
    }
    default:
        return false;
    }
}

/* ---- the mirror ------------------------------------------------------------ */

struct sb {
    char *s;
    size_t n, cap;
};

struct gen {
    struct sb types;  /* local struct definitions, innermost first */
    struct sb assign; /* statements filling the variable */
    unsigned next;    /* numbers local type and loop variable names */
    const char *var;  /* prefixes them: several parameters in one stub */
    bool oom, fail;
    char *why;
    size_t wlen;
};

static void sb_printf(struct gen *g, struct sb *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->n;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, room, fmt, ap);
        va_end(ap);
        if (k < 0) {
            g->oom = true;
            return;
        }
        if ((size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = 2 * (b->cap + (size_t)k) + 64;
        char *s = realloc(b->s, cap);
        if (!s) {
            g->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static void refuse(struct gen *g, CXType t, const char *what)
{
    if (g->fail)
        return;
    CXString s = clang_getTypeSpelling(t);
    snprintf(g->why, g->wlen, "%s in '%s'", what, clang_getCString(s));
    clang_disposeString(s);
    g->fail = true;
}

/* A mirrored type: the text that declares a member of it (base, then the
 * member's name, then dims: "uint32_t", "p", "[4]"). */
struct mtype {
    char base[48];
    char dims[96];
};

static void mirror_type(struct gen *g, CXType t, struct mtype *m);

struct record {
    struct gen *g;
    struct sb members;
    CXType t;
};

static enum CXVisitorResult mirror_field(CXCursor f, CXClientData d)
{
    struct record *r = d;
    struct gen *g = r->g;
    CXString n = clang_getCursorSpelling(f);
    const char *name = clang_getCString(n);
    if (clang_Cursor_isBitField(f))
        refuse(g, r->t, "a bit-field");
    else if (!name || !*name)
        refuse(g, r->t, "an anonymous member");
    else if (clang_getCXXAccessSpecifier(f) == CX_CXXPrivate ||
             clang_getCXXAccessSpecifier(f) == CX_CXXProtected)
        refuse(g, r->t, "a private or protected member");
    else {
        struct mtype m;
        mirror_type(g, clang_getCursorType(f), &m);
        sb_printf(g, &r->members, "%s %s%s; ", m.base, name, m.dims);
    }
    clang_disposeString(n);
    return g->fail ? CXVisit_Break : CXVisit_Continue;
}

static enum CXChildVisitResult has_base(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_CXXBaseSpecifier)
        return CXChildVisit_Continue;
    *(bool *)d = true;
    return CXChildVisit_Break;
}

static void mirror_type(struct gen *g, CXType t, struct mtype *m)
{
    CXType ct = clang_getCanonicalType(t);
    char what[128];
    m->dims[0] = 0;
    if (!nvcc_type_differs(ct, what, sizeof what)) {
        /* the same bytes on both sides */
        long long size = clang_Type_getSizeOf(ct), align = clang_Type_getAlignOf(ct);
        if (size < 0 || align <= 0) {
            refuse(g, t, "a member of incomplete or dependent type");
            return;
        }
        snprintf(m->base, sizeof m->base, "alignas(%lld) unsigned char", align);
        snprintf(m->dims, sizeof m->dims, "[%lld]", size ? size : 1);
        return;
    }
    switch (ct.kind) {
    case CXType_Pointer:
    case CXType_NullPtr:
    case CXType_ULong:
        snprintf(m->base, sizeof m->base, "uint32_t");
        return;
    case CXType_Long:
        snprintf(m->base, sizeof m->base, "int32_t");
        return;
    case CXType_ConstantArray: {
        struct mtype e;
        mirror_type(g, clang_getArrayElementType(ct), &e);
        snprintf(m->base, sizeof m->base, "%s", e.base);
        snprintf(m->dims, sizeof m->dims, "[%lld]%.60s", clang_getArraySize(ct), e.dims);
        return;
    }
    case CXType_Record: {
        CXCursor decl = clang_getTypeDeclaration(ct);
        bool base = false;
        clang_visitChildren(decl, has_base, &base);
        if (clang_getCursorKind(decl) == CXCursor_UnionDecl) {
            refuse(g, t, "a union holding a pointer or long");
            return;
        }
        if (base) {
            refuse(g, t, "a base class, with a pointer or long somewhere");
            return;
        }
        struct record r = {g, {0}, ct};
        clang_Type_visitFields(ct, mirror_field, &r);
        unsigned id = g->next++;
        sb_printf(g, &g->types, "struct %s_t%u { %s}; ", g->var, id,
                  r.members.s ? r.members.s : "");
        free(r.members.s);
        snprintf(m->base, sizeof m->base, "%.24s_t%u", g->var, id);
        return;
    }
    case CXType_LongDouble:
        refuse(g, t, "a long double (another format on the GPU)");
        return;
    default:
        refuse(g, t, "a reference or member pointer");
        return;
    }
}

/* Statements copying expr (host layout) into dst (the mirror). */
static void mirror_assign(struct gen *g, CXType t, const char *expr, const char *dst);

struct assign_ctx {
    struct gen *g;
    const char *expr, *dst;
};

static enum CXVisitorResult assign_field(CXCursor f, CXClientData d)
{
    struct assign_ctx *a = d;
    CXString n = clang_getCursorSpelling(f);
    const char *name = clang_getCString(n);
    size_t le = strlen(a->expr) + strlen(name) + 2, ld = strlen(a->dst) + strlen(name) + 2;
    char *e = malloc(le), *dd = malloc(ld);
    if (!e || !dd)
        a->g->oom = true;
    else {
        snprintf(e, le, "%s.%s", a->expr, name);
        snprintf(dd, ld, "%s.%s", a->dst, name);
        mirror_assign(a->g, clang_getCursorType(f), e, dd);
    }
    free(e);
    free(dd);
    clang_disposeString(n);
    return a->g->oom ? CXVisit_Break : CXVisit_Continue;
}

static void mirror_assign(struct gen *g, CXType t, const char *expr, const char *dst)
{
    CXType ct = clang_getCanonicalType(t);
    char what[128];
    if (!nvcc_type_differs(ct, what, sizeof what)) {
        sb_printf(g, &g->assign, "memcpy(&(%s), &(%s), sizeof(%s)); ", dst, expr, dst);
        return;
    }
    switch (ct.kind) {
    case CXType_Pointer:
        sb_printf(g, &g->assign, "%s = (uint32_t)(uintptr_t)(%s); ", dst, expr);
        return;
    case CXType_NullPtr:
        sb_printf(g, &g->assign, "%s = 0; ", dst);
        return;
    case CXType_ULong:
        sb_printf(g, &g->assign, "%s = (uint32_t)(%s); ", dst, expr);
        return;
    case CXType_Long:
        sb_printf(g, &g->assign, "%s = (int32_t)(%s); ", dst, expr);
        return;
    case CXType_ConstantArray: {
        unsigned i = g->next++;
        size_t le = strlen(expr) + 32, ld = strlen(dst) + 32;
        char *e = malloc(le), *d = malloc(ld);
        if (!e || !d) {
            g->oom = true;
        } else {
            snprintf(e, le, "%s[%s_i%u]", expr, g->var, i);
            snprintf(d, ld, "%s[%s_i%u]", dst, g->var, i);
            sb_printf(g, &g->assign, "for (unsigned %s_i%u = 0; %s_i%u < %lldu; %s_i%u++) { ",
                      g->var, i, g->var, i, clang_getArraySize(ct), g->var, i);
            mirror_assign(g, clang_getArrayElementType(ct), e, d);
            sb_printf(g, &g->assign, "} ");
        }
        free(e);
        free(d);
        return;
    }
    case CXType_Record: {
        struct assign_ctx a = {g, expr, dst};
        clang_Type_visitFields(ct, assign_field, &a);
        return;
    }
    default:
        return; /* refused by mirror_type */
    }
}

char *nvcc_param_mirror(CXType t, const char *expr, const char *var, char *why, size_t wlen)
{
    struct gen g = {.why = why, .wlen = wlen, .var = var};
    why[0] = 0;
    struct mtype m;
    mirror_type(&g, t, &m);
    if (!g.fail)
        mirror_assign(&g, t, expr, var);
    char *code = NULL;
    if (!g.fail && !g.oom) {
        struct sb out = {0};
        sb_printf(&g, &out, "%s%s %s%s; %s", g.types.s ? g.types.s : "", m.base, var, m.dims,
                  g.assign.s ? g.assign.s : "");
        code = g.oom ? NULL : out.s;
        if (!code)
            free(out.s);
    }
    free(g.types.s);
    free(g.assign.s);
    return code;
}
