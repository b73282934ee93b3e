/* libscord kernels: reading and checking a kernel's RV32 ELF (every check
 * runs before the first byte reaches the device), copying its segments
 * into device memory, its symbols, and its debug information for the race
 * reports (debuginfo.c). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "scord_int.h"

#include <errno.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Kernel images are at most device memory (16 MiB by default); anything
 * far larger is not a kernel and should not be read into host memory. */
#define MAX_ELF_FILE (256u << 20)

struct kernel_symbol {
    char *name;
    uint32_t value, size;
};

static int read_file(scord_device *dev, const char *path, char **bufp, size_t *sizep)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return scord_fail(dev, SCORD_ERR_IO, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, size = 0;
    char *buf = malloc(cap);
    int rc = buf ? 0 : scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    while (!rc) {
        if (size == cap) {
            if (cap >= MAX_ELF_FILE) {
                rc = scord_fail(dev, SCORD_ERR_ELF, "file is larger than %u MiB: not a kernel",
                                MAX_ELF_FILE >> 20);
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                rc = scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + size, 1, cap - size, f);
        size += got;
        if (got == 0) {
            if (ferror(f))
                rc = scord_fail(dev, SCORD_ERR_IO, "read error: %s", strerror(errno));
            break;
        }
    }
    fclose(f);
    if (rc) {
        free(buf);
        return rc;
    }
    *bufp = buf;
    *sizep = size;
    return 0;
}

static const char *machine_name(unsigned m)
{
    switch (m) {
    case EM_386: return "x86";
    case EM_X86_64: return "x86-64";
    case EM_ARM: return "ARM";
    case EM_AARCH64: return "AArch64";
    case EM_MIPS: return "MIPS";
    case EM_PPC: return "PowerPC";
    case EM_PPC64: return "PowerPC64";
    case EM_NONE: return "none";
    default: return NULL;
    }
}

static const char *type_name(unsigned t)
{
    switch (t) {
    case ET_NONE: return "none";
    case ET_REL: return "a relocatable object (.o)";
    case ET_DYN: return "a shared object or PIE";
    case ET_CORE: return "a core dump";
    default: return "unknown";
    }
}

static bool past_end(uint64_t off, uint64_t len, size_t size)
{
    return off > size || len > size - off;
}

static void free_symbols(struct kernel_symbol *syms, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(syms[i].name);
    free(syms);
}

static int load_symbols(scord_device *dev, Elf *elf, size_t size, scord_kernel *k)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return scord_fail(dev, SCORD_ERR_ELF, "bad section header: %s", elf_errmsg(-1));
        if (sh.sh_type != SHT_NOBITS && past_end(sh.sh_offset, sh.sh_size, size))
            return scord_fail(dev, SCORD_ERR_ELF,
                              "truncated: section %zu extends past the end of the file (%zu bytes)",
                              elf_ndxscn(scn), size);
        if (sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            return scord_fail(dev, SCORD_ERR_ELF, "unreadable symbol table: %s", elf_errmsg(-1));
        size_t n = sh.sh_size / sh.sh_entsize;
        struct kernel_symbol *syms = calloc(n ? n : 1, sizeof *syms);
        if (!syms)
            return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            GElf_Sym s;
            if (!gelf_getsym(data, (int)i, &s))
                break;
            int type = GELF_ST_TYPE(s.st_info);
            if (s.st_shndx == SHN_UNDEF || type == STT_SECTION || type == STT_FILE)
                continue;
            const char *name = elf_strptr(elf, sh.sh_link, s.st_name);
            if (!name || !*name)
                continue;
            syms[m].name = strdup(name);
            if (!syms[m].name) {
                free_symbols(syms, m);
                return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
            }
            syms[m].value = (uint32_t)s.st_value;
            syms[m].size = (uint32_t)s.st_size;
            m++;
        }
        free_symbols(k->syms, k->nsyms);
        k->syms = syms;
        k->nsyms = m;
    }
    return 0;
}

/* The kernel's static shared memory: its .shared section, which the
 * linker script puts at the shared window (no PT_LOAD covers it: shared
 * memory is not loaded). */
static int find_shared(scord_device *dev, Elf *elf, scord_kernel *k)
{
    size_t shstrndx;
    if (elf_getshdrstrndx(elf, &shstrndx))
        return 0; /* no section names: no .shared to find */
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return scord_fail(dev, SCORD_ERR_ELF, "bad section header: %s", elf_errmsg(-1));
        const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
        if (!name || strcmp(name, ".shared") || sh.sh_size == 0)
            continue;
        if (sh.sh_addr != SCORD_SMEM_BASE || sh.sh_size > SCORD_SMEM_WINDOW)
            return scord_fail(
                dev, SCORD_ERR_ELF,
                "section .shared [0x%08llx, 0x%08llx) is not at the start of the shared "
                "window [0x%08x, 0x%08x): link with sw/runtime/link.ld",
                (unsigned long long)sh.sh_addr, (unsigned long long)(sh.sh_addr + sh.sh_size),
                (unsigned)SCORD_SMEM_BASE, (unsigned)(SCORD_SMEM_BASE + SCORD_SMEM_WINDOW));
        k->shared_bytes = (uint32_t)sh.sh_size;
    }
    return 0;
}

/* Every check runs before the first byte reaches device memory, so a
 * refused file leaves the device as it was. */
static int check_elf(scord_device *dev, Elf *elf, size_t size, scord_kernel *k)
{
    if (elf_kind(elf) != ELF_K_ELF)
        return scord_fail(dev, SCORD_ERR_ELF, "not an ELF file");
    size_t ident_len;
    const char *ident = elf_getident(elf, &ident_len);
    if (!ident || ident_len < EI_NIDENT)
        return scord_fail(dev, SCORD_ERR_ELF, "truncated: no complete ELF identification");
    if (ident[EI_CLASS] == ELFCLASS64)
        return scord_fail(dev, SCORD_ERR_ELF, "ELF class is 64-bit, expected 32-bit RISC-V");
    if (ident[EI_CLASS] != ELFCLASS32)
        return scord_fail(dev, SCORD_ERR_ELF, "unknown ELF class %d", ident[EI_CLASS]);
    if (ident[EI_DATA] != ELFDATA2LSB)
        return scord_fail(dev, SCORD_ERR_ELF, "ELF is not little endian");
    GElf_Ehdr eh;
    if (!gelf_getehdr(elf, &eh))
        return scord_fail(dev, SCORD_ERR_ELF, "truncated or corrupt ELF header: %s",
                          elf_errmsg(-1));
    if (eh.e_machine != EM_RISCV) {
        const char *mn = machine_name(eh.e_machine);
        if (mn)
            return scord_fail(dev, SCORD_ERR_ELF, "ELF machine is %s, expected RISC-V", mn);
        return scord_fail(dev, SCORD_ERR_ELF, "ELF machine is %u, expected RISC-V (%u)",
                          (unsigned)eh.e_machine, (unsigned)EM_RISCV);
    }
    if (eh.e_type != ET_EXEC)
        return scord_fail(dev, SCORD_ERR_ELF, "ELF is %s, expected an executable (ET_EXEC)",
                          type_name(eh.e_type));
    /* Header tables are checked by hand: libelf reports a truncated table
     * only for the entry that is read, with a generic message. */
    if (eh.e_phnum && past_end(eh.e_phoff, (uint64_t)eh.e_phnum * eh.e_phentsize, size))
        return scord_fail(dev, SCORD_ERR_ELF,
                          "truncated: program headers extend past the end of the file (%zu bytes)",
                          size);
    if (eh.e_shnum && past_end(eh.e_shoff, (uint64_t)eh.e_shnum * eh.e_shentsize, size))
        return scord_fail(dev, SCORD_ERR_ELF,
                          "truncated: section headers extend past the end of the file (%zu bytes)",
                          size);
    size_t phnum;
    if (elf_getphdrnum(elf, &phnum))
        return scord_fail(dev, SCORD_ERR_ELF, "bad program header table: %s", elf_errmsg(-1));
    if (phnum == 0)
        return scord_fail(dev, SCORD_ERR_ELF, "no program headers: nothing to load");

    uint32_t mem = dev->info.mem_bytes;
    bool entry_ok = false, any = false;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf, (int)i, &ph))
            return scord_fail(dev, SCORD_ERR_ELF, "bad program header %zu: %s", i, elf_errmsg(-1));
        if (ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC)
            return scord_fail(dev, SCORD_ERR_ELF, "dynamically linked: kernels must be static");
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz)
            return scord_fail(dev, SCORD_ERR_ELF, "segment %zu: file size larger than memory size",
                              i);
        if (past_end(ph.p_offset, ph.p_filesz, size))
            return scord_fail(dev, SCORD_ERR_ELF,
                              "truncated: segment %zu extends past the end of the file (%zu bytes)",
                              i, size);
        uint64_t end = ph.p_vaddr + ph.p_memsz;
        if (ph.p_vaddr < SCORD_MEM_GUARD)
            return scord_fail(dev, SCORD_ERR_ELF,
                              "segment %zu at 0x%08llx lies in the null guard page [0, 0x%x)", i,
                              (unsigned long long)ph.p_vaddr, (unsigned)SCORD_MEM_GUARD);
        if (end > mem)
            return scord_fail(dev, SCORD_ERR_ELF,
                              "segment %zu [0x%08llx, 0x%08llx) lies outside device memory "
                              "(%u bytes)",
                              i, (unsigned long long)ph.p_vaddr, (unsigned long long)end,
                              (unsigned)mem);
        if (end > dev->stack_base)
            return scord_fail(dev, SCORD_ERR_NO_MEM,
                              "segment %zu [0x%08llx, 0x%08llx) overlaps the stack region "
                              "[0x%08x, 0x%08x)",
                              i, (unsigned long long)ph.p_vaddr, (unsigned long long)end,
                              (unsigned)dev->stack_base, (unsigned)dev->stack_top);
        if ((ph.p_flags & PF_X) && eh.e_entry >= ph.p_vaddr && eh.e_entry < end)
            entry_ok = true;
        any = true;
        lo = ph.p_vaddr < lo ? ph.p_vaddr : lo;
        hi = end > hi ? end : hi;
    }
    if (!any)
        return scord_fail(dev, SCORD_ERR_ELF, "no loadable segment");
    if (!entry_ok || (eh.e_entry & 3))
        return scord_fail(dev, SCORD_ERR_ELF,
                          "entry point 0x%08llx is not an aligned address in an executable segment",
                          (unsigned long long)eh.e_entry);
    k->entry = (uint32_t)eh.e_entry;
    k->image_lo = (uint32_t)lo;
    k->image_hi = (uint32_t)hi;
    int rc = find_shared(dev, elf, k);
    return rc ? rc : load_symbols(dev, elf, size, k);
}

/* The segments into device memory; for a kernel with printf also into
 * k->image, the host's copy where the records' formats are read. */
static int copy_segments(scord_device *dev, Elf *elf, const char *buf, scord_kernel *k)
{
    size_t phnum;
    if (elf_getphdrnum(elf, &phnum))
        return scord_fail(dev, SCORD_ERR_ELF, "bad program header table: %s", elf_errmsg(-1));
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf, (int)i, &ph))
            return scord_fail(dev, SCORD_ERR_ELF, "bad program header %zu: %s", i, elf_errmsg(-1));
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (k->image)
            memcpy(k->image + (ph.p_vaddr - k->image_lo), buf + ph.p_offset,
                   (size_t)ph.p_filesz);
        int rc = scord_memcpy_htod(dev, (scord_addr)ph.p_vaddr, buf + ph.p_offset,
                                   (size_t)ph.p_filesz);
        if (!rc)
            rc = scord_memset(dev, (scord_addr)(ph.p_vaddr + ph.p_filesz), 0,
                              (size_t)(ph.p_memsz - ph.p_filesz));
        if (rc)
            return rc;
    }
    return 0;
}

static const struct kernel_symbol *find_symbol(const scord_kernel *k, const char *name);

/* A kernel that calls printf has the descriptor scord_gpu.h declares
 * (16 bytes, 4-aligned, inside the image); the library writes the
 * buffer's place there at each launch. */
static int find_printf(scord_device *dev, scord_kernel *k)
{
    const struct kernel_symbol *s = find_symbol(k, "__scord_printf");
    if (!s)
        return 0;
    if (s->size != 16 || (s->value & 3) || s->value < k->image_lo ||
        s->value + 16ull > k->image_hi)
        return scord_fail(dev, SCORD_ERR_ELF,
                          "symbol __scord_printf (0x%08x, %u bytes) is not the 16-byte printf "
                          "descriptor of scord_gpu.h inside the image",
                          (unsigned)s->value, (unsigned)s->size);
    k->image = calloc(1, k->image_hi - k->image_lo);
    if (!k->image)
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    k->pf_desc = s->value;
    return 0;
}

/* Check and load an image held in buf (size bytes; taken: freed here). */
static int load_image(scord_device *dev, char *buf, size_t size, scord_kernel **kernel)
{
    int rc = 0;
    if (size < SELFMAG || memcmp(buf, ELFMAG, SELFMAG) != 0) {
        free(buf);
        return scord_fail(dev, SCORD_ERR_ELF,
                          size ? "not an ELF file" : "empty file, not an ELF file");
    }
    /* libelf calls a short header "invalid data"; say what is wrong. */
    size_t need = size >= EI_NIDENT && buf[EI_CLASS] == ELFCLASS64 ? sizeof(Elf64_Ehdr)
                                                                   : sizeof(Elf32_Ehdr);
    if (size < need) {
        free(buf);
        return scord_fail(dev, SCORD_ERR_ELF, "truncated: %zu bytes, shorter than an ELF header",
                          size);
    }
    Elf *elf = elf_memory(buf, size);
    if (!elf) {
        free(buf);
        return scord_fail(dev, SCORD_ERR_ELF, "unreadable ELF: %s", elf_errmsg(-1));
    }
    scord_kernel *k = calloc(1, sizeof *k);
    if (!k)
        rc = scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    if (!rc)
        rc = check_elf(dev, elf, size, k);
    if (!rc)
        rc = scord_debuginfo_open(dev, buf, size, &k->dbg);
    if (!rc)
        rc = find_printf(dev, k);
    if (!rc)
        rc = copy_segments(dev, elf, buf, k);
    elf_end(elf);
    free(buf);
    if (rc) {
        scord_kernel_free(k);
        return rc;
    }
    uint32_t base = scord_align_up(k->image_hi, dev->info.line_bytes);
    dev->heap_base = dev->heap_next = base > SCORD_MEM_GUARD ? base : SCORD_MEM_GUARD;
    *kernel = k;
    return SCORD_OK;
}

/* What both loaders check before reading the image. */
static int load_begin(scord_device *dev, bool have_image, scord_kernel **kernel)
{
    if (!have_image || !kernel)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no image or no place for the kernel");
    *kernel = NULL;
    if (dev->running)
        return scord_fail(dev, SCORD_ERR_BUSY, "a kernel is running: wait for it before loading");
    if (elf_version(EV_CURRENT) == EV_NONE)
        return scord_fail(dev, SCORD_ERR_ELF, "libelf: %s", elf_errmsg(-1));
    return 0;
}

int scord_load_kernel(scord_device *dev, const char *elf_path, scord_kernel **kernel)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!elf_path || !kernel)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no file name or no place for the kernel");
    int rc = load_begin(dev, true, kernel);
    if (rc)
        return rc;
    char *buf = NULL;
    size_t size = 0;
    if ((rc = read_file(dev, elf_path, &buf, &size)))
        return rc;
    return load_image(dev, buf, size, kernel);
}

int scord_load_kernel_image(scord_device *dev, const void *image, size_t size,
                            scord_kernel **kernel)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    int rc = load_begin(dev, image != NULL, kernel);
    if (rc)
        return rc;
    if (size > MAX_ELF_FILE)
        return scord_fail(dev, SCORD_ERR_ELF, "image is larger than %u MiB: not a kernel",
                          MAX_ELF_FILE >> 20);
    /* A private copy: libelf works on the buffer in place, and the caller's
     * image may be read-only (embedded in a program's .rodata). */
    char *buf = malloc(size ? size : 1);
    if (!buf)
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    memcpy(buf, image, size);
    return load_image(dev, buf, size, kernel);
}

void scord_kernel_free(scord_kernel *kernel)
{
    if (!kernel)
        return;
    free_symbols(kernel->syms, kernel->nsyms);
    scord_debuginfo_close(kernel->dbg);
    free(kernel->image);
    free(kernel);
}

uint32_t scord_kernel_entry(const scord_kernel *kernel) { return kernel ? kernel->entry : 0; }
uint32_t scord_kernel_shared_bytes(const scord_kernel *kernel)
{
    return kernel ? kernel->shared_bytes : 0;
}

static const struct kernel_symbol *find_symbol(const scord_kernel *k, const char *name)
{
    if (!k || !name)
        return NULL;
    /* Prefer a global definition over a local of the same name. */
    const struct kernel_symbol *found = NULL;
    for (size_t i = 0; i < k->nsyms; i++)
        if (strcmp(k->syms[i].name, name) == 0)
            found = k->syms + i;
    return found;
}

scord_addr scord_kernel_symbol(const scord_kernel *kernel, const char *name)
{
    const struct kernel_symbol *s = find_symbol(kernel, name);
    return s ? s->value : 0;
}

int scord_kernel_symbol_info(const scord_kernel *kernel, const char *name, scord_addr *addr,
                             uint32_t *size)
{
    const struct kernel_symbol *s = find_symbol(kernel, name);
    if (!s)
        return SCORD_ERR_INVALID_ARG;
    if (addr)
        *addr = s->value;
    if (size)
        *size = s->size;
    return SCORD_OK;
}
