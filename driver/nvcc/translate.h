/* translate.h: one .cu file into a device and a host translation unit,
 * with Clang's parser (libclang's C API), the way hipify-clang reads CUDA.
 *
 * The device unit is the file with host-only functions and variables
 * blanked out, every volatile access of device code made a strong one
 * (scord_nvcc_device.h) and a kernel_main that dispatches a launch to its
 * kernel; the host unit is the file with device-only functions blanked,
 * each kernel's body made a launch stub and each k<<<...>>>(...) a call
 * configuration plus a call of the stub. Blanking keeps the newlines, so
 * both units keep the .cu file's line numbers. */
#ifndef SCORD_NVCC_TRANSLATE_H
#define SCORD_NVCC_TRANSLATE_H

#include <stddef.h>

struct nvcc_kernel {
    char *name;   /* as the code names it, namespaces included: "ns::k" */
    char *target; /* what the dispatch calls: "ns::k", or "ns::k<float, 4>" */
    unsigned id;
    int instance; /* of a template kernel: the host stub asks __scord_kernel_id */
    char *sig;    /* a kernel's parameter types ("int *, float"; NULL for a
                   * template's instance): the dispatch picks an overloaded
                   * kernel through a pointer of that type */
};

struct nvcc_var {
    char *name;   /* as the code names it */
    char *symbol; /* the device ELF's symbol (mangled) */
};

/* One of the program's own headers the translation edited (a kernel, a
 * launch, a volatile access, device or host code to blank in it): the
 * units include edited copies, `name` in a folder of each side's copies,
 * each starting with a #line naming the original. */
struct nvcc_header {
    char *name;       /* "__scord_hdr_U_J.h": the units' #include names it */
    char *path;       /* the original's real path */
    char *device_src; /* the device side's copy */
    char *host_src;   /* the host side's copy */
};

struct nvcc_unit {
    char *device_src; /* the device translation unit's text (after the file) */
    char *host_src;   /* the host translation unit's text */
    struct nvcc_header *headers;
    size_t nheaders;
    struct nvcc_kernel *kernels;
    size_t nkernels;
    struct nvcc_var *vars;
    size_t nvars;
};

/* Parse path with clang_args (the -x cuda set and the user's -I/-D/-std)
 * and translate it with the program's own headers: every header it
 * includes that is neither a system header nor under one of our_dirs
 * (real paths, NULL-terminated: scord-nvcc's own header folders). Errors
 * (Clang's diagnostics, refused CUDA features) are printed to stderr as
 * file:line:col: error: ...; returns their number (0 on success; -1 if
 * the parse could not run at all). first_id numbers the file's kernels
 * from there; unit (the file's index among the program's) names its
 * header copies. */
int nvcc_translate(const char *path, const char *const *clang_args, int nargs, unsigned first_id,
                   unsigned unit, const char *const *our_dirs, struct nvcc_unit *out);
void nvcc_unit_free(struct nvcc_unit *u);

#endif
