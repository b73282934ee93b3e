/* translate_int.h: what the parts of the translator share (translate.c:
 * the declarations and the entry; translate_device.c: device code;
 * translate_host.c: host code, launches and kernels; translate_util.c:
 * cursors, offsets and edits). Not an interface: scord-nvcc sees
 * translate.h. */
#ifndef SCORD_NVCC_TRANSLATE_INT_H
#define SCORD_NVCC_TRANSLATE_INT_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "rewrite.h"
#include "translate.h"

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

struct kids {
    CXCursor *v;
    unsigned n, cap;
};

/* ---- translate_util.c ---- */
char *tr_xstrdup(struct ctx *x, const char *s);
char *tr_append(struct ctx *x, char *s, const char *t);
void tr_add(struct ctx *x, struct edits *e, enum edit_kind k, size_t off, size_t end, int depth,
                const char *text);
void tr_error_at(struct ctx *x, CXCursor c, const char *fmt, ...);
enum CXChildVisitResult tr_collect(CXCursor c, CXCursor parent, CXClientData d);
struct kids tr_children(CXCursor c);
bool tr_extent(struct ctx *x, CXCursor c, size_t *b, size_t *e);
size_t tr_file_index(struct ctx *x, CXFile f);
bool tr_in_own_file(struct ctx *x, CXCursor c);
bool tr_in_current_file(struct ctx *x, CXCursor c);
void tr_switch_file(struct ctx *x, size_t i);
bool tr_has_attr(CXCursor c, enum CXCursorKind kind);
CXCursor tr_body_of(CXCursor fn);
bool tr_token_after(struct ctx *x, CXCursor c, size_t from, size_t *tb, size_t *te,
                        char *text, size_t tlen);
void tr_qualified(CXCursor c, char *buf, size_t len);
char *tr_with_lines(struct ctx *x, const char *text, size_t b, size_t e);
void tr_blank(struct ctx *x, struct edits *e, CXCursor c);

/* ---- translate_device.c ---- */
void tr_walk_device(struct ctx *x, CXCursor c, CXCursor parent, int depth, bool in_template);
void tr_shared_var(struct ctx *x, CXCursor v, CXCursor parent, bool in_template);

/* ---- translate_host.c ---- */
bool tr_is_launch(CXCursor call, CXCursor *config);
void tr_walk_host(struct ctx *x, CXCursor c);
void tr_launch_instance(struct ctx *x, CXCursor call);
void tr_kernel(struct ctx *x, CXCursor fn, bool is_template);
void tr_device_var(struct ctx *x, CXCursor v);

#endif
