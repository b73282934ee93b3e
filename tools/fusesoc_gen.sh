#!/bin/sh
# FuseSoC generator "scord_headers" (scord_detector.core): makes the
# generated Verilog headers of a named configuration with the project's own
# build (tools/gendefs, and for the SoC the firmware image through
# tools/fwinit), in FuseSoC's working directory, and writes a core that
# exports them as include files. Called by FuseSoC as
#   sh tools/fusesoc_gen.sh INPUT.yml
# with the working directory FuseSoC made for it. INPUT.yml (FuseSoC's
# generator API 1.0) gives files_root (the repository), vlnv (the core to
# write) and parameters:
#   config     a config/<name>.cfg of the project (default: default)
#   firmware   true: also soc_fw_init.vh, the management core's firmware
#              (needs the RISC-V GCC, as `make sw` does)
set -eu
input=$1
# The input is flat YAML FuseSoC writes itself: one "key: value" a line.
value() { sed -n "s/^$1: *//p" "$input" | sed "s/^'\(.*\)'\$/\1/; s/^\"\(.*\)\"\$/\1/" | head -n 1; }
files_root=$(value files_root)
vlnv=$(value vlnv)
config=$(value '  config')
firmware=$(value '  firmware')
config=${config:-default}
repo=$(cd "$files_root" && pwd)
if [ ! -f "$repo/config/$config.cfg" ]; then
    echo "fusesoc_gen: no configuration '$config' ($repo/config/$config.cfg)" >&2
    exit 1
fi
build=$PWD/build
gen=$build/$config/gen
targets="$gen/scord_defs.vh"
case "$firmware" in true|True|yes) targets="$targets $gen/soc_fw_init.vh" ;; esac
# Only these headers are made: make, a C compiler and, for the firmware,
# the RISC-V GCC (make deps installs them).
MAKEFLAGS= make --no-print-directory -C "$repo" BUILD="$build" CONFIG="$config" $targets >&2
{
    echo "CAPI=2:"
    echo "name: $vlnv"
    echo "description: generated headers of the '$config' configuration (config/$config.cfg)"
    echo "filesets:"
    echo "  headers:"
    echo "    file_type: verilogSource"
    echo "    files:"
    for t in $targets; do
        cp "$t" .
        echo "      - $(basename "$t"): {is_include_file: true}"
    done
    echo "targets:"
    echo "  default:"
    echo "    filesets: [headers]"
} > scord_headers.core
