/* translate_device.c: device code in the device unit: volatile accesses
 * made strong, __shared__ variables bound (translate_int.h). */
#define _XOPEN_SOURCE 700
#include "translate_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    struct kids kids = tr_children(c);
    enum vform f = V_NONE;
    size_t b, e, lb, le;
    if (kids.n >= 1 && tr_extent(x, c, &b, &e) && tr_extent(x, kids.v[0], &lb, &le) &&
        is_volatile_target(clang_getCursorType(kids.v[0]))) {
        if (k == CXCursor_UnaryOperator) {
            if (tr_token_after(x, c, b, ob, oe, op, oplen) && *ob < lb &&
                (!strcmp(op, "++") || !strcmp(op, "--")))
                f = V_PRE;
            else if (tr_token_after(x, c, le, ob, oe, op, oplen) &&
                     (!strcmp(op, "++") || !strcmp(op, "--")))
                f = V_POST;
        } else if (tr_token_after(x, c, le, ob, oe, op, oplen)) {
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
        struct kids k = tr_children(c);
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
    struct kids k = tr_children(parent);
    for (unsigned i = 0; i < k.n; i++)
        decls += clang_getCursorKind(k.v[i]) == CXCursor_VarDecl;
    free(k.v);
    if (clang_getCursorKind(parent) != CXCursor_DeclStmt || decls != 1 || !tr_extent(x, v, &b, &e)) {
        tr_error_at(x, v, "__shared__ variable '%s' in a template: declare each __shared__ "
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
    if (!tr_extent(x, parent, &pb, &pe))
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
            tr_add(x, &x->dev, EDIT_REPLACE, ob, oe, 0, "typedef");
            shared = true;
        } else if (!strcmp(t, "static")) {
            tr_add(x, &x->dev, EDIT_BLANK, ob, oe, 0, NULL);
        } else if (ob == name_off && !strcmp(t, name)) {
            char ty[300];
            snprintf(ty, sizeof ty, "__scord_shty_%s", name);
            tr_add(x, &x->dev, EDIT_REPLACE, ob, oe, 0, ty);
            named = true;
        }
        clang_disposeString(ts);
    }
    clang_disposeTokens(x->tu, toks, n);
    if (!shared || !named) {
        tr_error_at(x, v, "__shared__ variable '%s' in a template: write `__shared__` and the "
                       "name in the declaration itself (not through a macro)", name);
        return;
    }
    char bind[300];
    snprintf(bind, sizeof bind, "; SCORD_SHARED_BIND(%s)", name);
    tr_add(x, &x->dev, EDIT_CLOSE, e, e, 0, bind);
}

/* `extern __shared__ T name[];` (CUDA's dynamic shared memory) becomes
 * `typedef T __scord_shty_name[]; SCORD_EXTERN_SHARED_BIND(name)`: a
 * reference to the block's dynamic shared memory (scord_cuda.h; `extern`
 * with a section cannot be spelled in C++). A __shared__ variable of a
 * function template would lose its section in GCC 12 and land in device
 * memory, one copy for the grid: refused. */
void tr_shared_var(struct ctx *x, CXCursor v, CXCursor parent, bool in_template)
{
    size_t b, e;
    CXString n = clang_getCursorSpelling(v);
    const char *name = clang_getCString(n);
    if (clang_Cursor_getStorageClass(v) == CX_SC_Extern) {
        CXType t = clang_getCursorType(v);
        CXType el = clang_getArrayElementType(t);
        if (t.kind != CXType_IncompleteArray || el.kind == CXType_ConstantArray ||
            el.kind == CXType_IncompleteArray || !tr_extent(x, v, &b, &e)) {
            tr_error_at(x, v, "extern __shared__ '%s': only a one-dimensional array of unknown "
                           "size (extern __shared__ T %s[];) is supported", name, name);
        } else {
            CXString es = clang_getTypeSpelling(el);
            char text[1024];
            snprintf(text, sizeof text, "typedef %s __scord_shty_%s[]; SCORD_EXTERN_SHARED_BIND(%s)",
                     clang_getCString(es), name, name);
            clang_disposeString(es);
            char *t2 = tr_with_lines(x, text, b, e);
            if (t2)
                tr_add(x, &x->dev, EDIT_REPLACE, b, e, 0, t2);
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
    struct kids k = tr_children(parent);
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
        if (tr_extent(x, parent, &b, &e) && tr_token_after(x, parent, b, &ob, &oe, op, sizeof op) &&
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

void tr_walk_device(struct ctx *x, CXCursor c, CXCursor parent, int depth, bool in_template);

static void walk_device_kids(struct ctx *x, CXCursor c, int depth, bool in_template)
{
    struct kids k = tr_children(c);
    for (unsigned i = 0; i < k.n; i++)
        tr_walk_device(x, k.v[i], c, depth, in_template);
    free(k.v);
}

void tr_walk_device(struct ctx *x, CXCursor c, CXCursor parent, int depth, bool in_template)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    size_t b, e;
    if (!tr_extent(x, c, &b, &e)) {
        walk_device_kids(x, c, depth + 1, in_template);
        return;
    }
    char op[16];
    size_t ob, oe;
    enum vform f = volatile_write(x, c, &ob, &oe, op, sizeof op);
    if (f != V_NONE) {
        switch (f) {
        case V_ASSIGN:
            tr_add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vassign(&(");
            tr_add(x, &x->dev, EDIT_REPLACE, ob, oe, depth, "), (");
            tr_add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
            break;
        case V_COMPOUND: {
            char t[96];
            snprintf(t, sizeof t, "), [&](auto __scord_o) { return __scord_o %.*s (",
                     (int)(strlen(op) - 1), op);
            tr_add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vupdate(&(");
            tr_add(x, &x->dev, EDIT_REPLACE, ob, oe, depth, t);
            tr_add(x, &x->dev, EDIT_CLOSE, e, e, depth, "); })");
            break;
        }
        case V_PRE:
            tr_add(x, &x->dev, EDIT_REPLACE, ob, oe, depth,
                op[0] == '+' ? "__scord_vpreinc(&(" : "__scord_vpredec(&(");
            tr_add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
            break;
        case V_POST:
            tr_add(x, &x->dev, EDIT_OPEN, b, b, depth,
                op[0] == '+' ? "__scord_vpostinc(&(" : "__scord_vpostdec(&(");
            tr_add(x, &x->dev, EDIT_REPLACE, ob, oe, depth, "))");
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
                    tr_extent(x, parent, &pb, &pe) && pb == b && pe == e &&
                    !clang_isVolatileQualifiedType(clang_getCursorType(parent));
        if (read) {
            tr_add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vload(&(");
            tr_add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
        } else if (in_template && k != CXCursor_UnexposedExpr &&
                   clang_getCursorKind(parent) != CXCursor_UnaryOperator) {
            /* In a template's dependent code Clang builds no conversion
             * to see a read by; refuse rather than leave it weak. */
            tr_error_at(x, c,
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
            tr_add(x, &x->dev, EDIT_OPEN, b, b, depth, "__scord_vload(&(");
            tr_add(x, &x->dev, EDIT_CLOSE, e, e, depth, "))");
        } else if (r < 0) {
            CXString ks = clang_getCursorKindSpelling(clang_getCursorKind(parent));
            tr_error_at(x, c, "a volatile access in a template, used in a way scord-nvcc cannot "
                           "tell a read from (%s): write the read as a plain expression, or "
                           "use __scord_vload/__scord_vstore", clang_getCString(ks));
            clang_disposeString(ks);
        }
    }
    if (k == CXCursor_VarDecl && tr_has_attr(c, CXCursor_CUDASharedAttr)) {
        tr_shared_var(x, c, parent, in_template);
        return;
    }
    if (k == CXCursor_AsmStmt) {
        tr_error_at(x, c, "inline assembly in device code (PTX) is not supported: this GPU runs "
                       "RISC-V; use the CUDA functions scord_cuda.h provides");
        return;
    }
    if (k == CXCursor_CallExpr) {
        CXString s = clang_getCursorSpelling(c);
        bool launch = !strcmp(clang_getCString(s), "cudaConfigureCall");
        clang_disposeString(s);
        if (launch)
            tr_error_at(x, c, "a kernel launch in device code (dynamic parallelism) is not supported");
    }
    walk_device_kids(x, c, depth + 1, in_template);
}
