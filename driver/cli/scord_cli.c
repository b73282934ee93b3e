/* scord: run a kernel ELF on the GPU (cycle model or board) from the shell.
 * Every failure ends with a message on stderr and a documented exit code;
 * nothing the user types may crash it. This file reads the global options
 * and runs the command: `run` (run.c), `info` (here) or `help`. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "cli.h"
#include "scord_defs.h"

#ifndef SCORD_CONFIG_NAME
#define SCORD_CONFIG_NAME "unknown"
#endif

static const char main_help[] =
    "usage: scord [--device URI] COMMAND [options]\n"
    "\n"
    "Run kernels on the open SIMT GPU (configuration '%s').\n"
    "\n"
    "commands:\n"
    "  run [options] kernel.elf [args...]   load, launch and wait for a kernel\n"
    "  check [options] ./app [args...]      run a CUDA program built with scord-nvcc\n"
    "                                       under the race checker\n"
    "  info                                 print the device's configuration and launch limits\n"
    "  help                                 this text ('scord run --help' for run)\n"
    "\n"
    "global options:\n"
    "  --device URI   device to use (default \"sim\"): \"sim\" is the cycle model;\n"
    "                 \"sim:OPT,OPT\" takes trace=FILE.fst (waveform of the whole\n"
    "                 session) and latency=N (device memory latency in cycles);\n"
    "                 \"uart:/dev/ttyUSB0[,baud=N]\" is the FPGA board over its\n"
    "                 host link, \"uart:tcp=127.0.0.1:PORT\" the simulated board\n"
    "                 (scord-soc-sim); more options: timeout=MS, retries=N\n"
    "  -h, --help     this text\n"
    "\n"
    "exit codes:\n"
    "  0  success (for run: the kernel finished and no race was found)\n"
    "  1  the kernel faulted, timed out, or the GPU refused the launch\n"
    "  2  usage error (unknown option, missing value, bad number, unknown symbol)\n"
    "  3  device, ELF or I/O error (cannot open the device, file is not a\n"
    "     loadable RV32 executable, out of device memory, no room for the race\n"
    "     detector's window, metadata and ring)\n"
    "  4  run: the kernel finished, but the race detector reported races (of\n"
    "     severity error; warnings too with --warnings-as-errors)\n";

static int cmd_info(const char *uri, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: scord [--device URI] info\n\nPrints the configuration of the "
                   "device and the limits of a launch: warp size, threads per block, blocks\n"
                   "per core and per grid, shared memory per core and per block, registers\n"
                   "(libscord: scord_get_properties).\n");
            return EXIT_OK;
        }
        return cli_usage_error("info: unexpected argument '%s'", argv[i]);
    }
    scord_device *dev;
    int rc = scord_open(&dev, uri);
    if (rc) {
        fprintf(stderr, "%s: cannot open device '%s': %s\n", cli_prog, uri,
                *scord_last_error_detail(NULL) ? scord_last_error_detail(NULL)
                                               : scord_strerror(rc));
        return rc == SCORD_ERR_INVALID_ARG ? EXIT_USAGE : EXIT_DEVICE;
    }
    struct scord_info in;
    struct scord_properties p;
    scord_get_info(dev, &in);
    scord_get_properties(dev, &p);
    uint32_t hw_threads = in.cores * in.warps * in.threads;
    uint32_t stack = hw_threads * p.stack_bytes;
    printf("device          %s\n", uri);
    printf("configuration   %s\n", in.config);
    printf("version         0x%08x\n", (unsigned)in.version);
    printf("cores           %u\n", (unsigned)in.cores);
    printf("warps/core      %u\n", (unsigned)in.warps);
    printf("threads/warp    %u\n", (unsigned)in.threads);
    printf("hw threads      %u\n", (unsigned)hw_threads);
    /* The limits of a launch (scord_get_properties; CUDA's names in
     * docs/integration.md). */
    printf("warp size       %u lanes\n", (unsigned)p.warp_size);
    printf("block threads   %u at most (a core's %u warps x %u lanes; any shape)\n",
           (unsigned)p.max_threads_per_block, (unsigned)p.warps_per_core, (unsigned)p.warp_size);
    printf("blocks/core     %u at most (one per warp slot; fewer if shared memory runs out)\n",
           (unsigned)p.max_blocks_per_core);
    printf("grid blocks     %u at most (each dimension and their product)\n",
           (unsigned)p.max_grid_blocks);
    printf("smem/block      %u bytes at most (static + dynamic)\n", (unsigned)p.smem_per_block);
    printf("registers       %u per thread (x0-x31; no floating-point registers)\n",
           (unsigned)p.regs_per_thread);
    printf("line bytes      %u\n", (unsigned)in.line_bytes);
    printf("L1 D$ / I$      %u / %u bytes per core\n", (unsigned)p.l1d_bytes, GPU_L1I_BYTES);
    printf("L2              %u bytes\n", (unsigned)p.l2_bytes);
    printf("shared memory   %u bytes per core, %u banks; window [0x%08x, 0x%08x)\n",
           (unsigned)p.smem_per_core, (unsigned)p.smem_banks, (unsigned)SCORD_SMEM_BASE,
           (unsigned)(SCORD_SMEM_BASE + SCORD_SMEM_WINDOW));
    printf("memory          %u bytes\n", (unsigned)in.mem_bytes);
    printf("memory latency  %u cycles (configuration default)\n", GPU_MEM_LATENCY);
    printf("null guard      [0x00000000, 0x%08x)\n", (unsigned)SCORD_MEM_GUARD);
    printf("stack region    [0x%08x, 0x%08x), %u bytes per thread\n",
           (unsigned)(in.mem_bytes - stack), (unsigned)in.mem_bytes, (unsigned)p.stack_bytes);
    char line[512];
    if (scord_describe(dev, line, sizeof line) == SCORD_OK)
        printf("board           %s\n", line);
    scord_close(dev);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    const char *uri = "sim";
    bool uri_given = false;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            printf(main_help, SCORD_CONFIG_NAME);
            return EXIT_OK;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--device", &missing)) || missing) {
            if (missing || !*v)
                return cli_usage_error("option '%s' needs a device URI", a);
            uri = v;
            uri_given = true;
            continue;
        }
        if (a[0] == '-')
            return cli_usage_error("unknown option '%s'", a);
        break;
    }
    if (i >= argc)
        return cli_usage_error("missing command (run, check, info or help)%s", "");
    const char *cmd = argv[i++];
    if (strcmp(cmd, "run") == 0)
        return cli_run(uri, argc - i, argv + i);
    if (strcmp(cmd, "info") == 0)
        return cmd_info(uri, argc - i, argv + i);
    if (strcmp(cmd, "check") == 0)
        return cli_check(uri, uri_given, argc - i, argv + i);
    if (strcmp(cmd, "help") == 0) {
        if (i < argc && strcmp(argv[i], "run") == 0)
            fputs(cli_run_help, stdout);
        else if (i < argc && strcmp(argv[i], "check") == 0)
            fputs(cli_check_help, stdout);
        else
            printf(main_help, SCORD_CONFIG_NAME);
        return EXIT_OK;
    }
    return cli_usage_error("unknown command '%s' (run, check, info or help)", cmd);
}
