# Cycle model: Verilated gpu_top + sim/gpu_sim.cpp, packaged as one static
# library so C programs link it without knowing about Verilator.
#
#   SIM_LIB      build/$(CONFIG)/sim/libgpusim.a (model, wrapper, runtime)
#   SIM_LDLIBS   system libraries it needs (link with the C compiler)
#   SIM_CFLAGS   include path for sim/gpu_sim.h
#
# Included by the top Makefile, which defines B, GEN, RTL_GPU, RTL_VH, RTL_TOP,
# VERILATOR, VFLAGS_COMMON and CXX.

SIM_DIR    := $(B)/sim
SIM_OBJDIR := $(SIM_DIR)/obj
SIM_LIB    := $(SIM_DIR)/libgpusim.a
SIM_LDLIBS := -lstdc++ -lz -lpthread -lm
SIM_CFLAGS := -Isim

# Verilator's generated makefile names the model's archive after the top
# module. Without --exe it builds no runtime, so libverilated.a is made
# from its own list (VK_GLOBAL_OBJS: core, threads, FST writer), compiled
# with the flags the generated makefile uses for them.
SIM_VLIB   := $(SIM_OBJDIR)/V$(RTL_TOP)__ALL.a
SIM_VRT    := $(SIM_OBJDIR)/libverilated.a
# Recursive (=): the shell call runs only when the wrapper is compiled.
SIM_VROOT   = $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
# Verilator's headers are not -Wextra clean: -isystem keeps their warnings
# out while ours stay on. Position-independent code throughout (-fPIC, also
# the model's: -CFLAGS), so the same objects make libscord.so
# (driver/install.mk); the rule depends on this file for that reason.
SIM_CXXFLAGS = -std=c++17 -O2 -g -fPIC -Wall -Wextra -I$(SIM_OBJDIR) -I$(GEN) \
                -isystem $(SIM_VROOT)/include -isystem $(SIM_VROOT)/include/vltstd

.PHONY: sim-lib
sim-lib: $(SIM_LIB)

# RTL_GPU is a wildcard: when it is empty the RTL is missing, not the rule.
$(SIM_VLIB) $(SIM_VRT) &: $(RTL_GPU) $(GEN)/scord_defs.vh rtl/lint.vlt $(RTL_VH) sim/sim.mk
	@test -n "$(RTL_GPU)" || { echo "sim: no RTL in rtl/gpu/*.v" >&2; exit 1; }
	@mkdir -p $(SIM_OBJDIR)
	MAKEFLAGS= $(VERILATOR) --cc --build -j 2 $(VL_BUILD_OPT) -O3 --x-assign fast --x-initial fast --trace-fst \
	    -CFLAGS -fPIC $(VFLAGS_COMMON) --top-module $(RTL_TOP) -Mdir $(SIM_OBJDIR) $(RTL_GPU)
	printf 'include V$(RTL_TOP).mk\nlibverilated.a: $$(VK_GLOBAL_OBJS)\n\t$$(AR) rcs $$@ $$^\n' \
	    > $(SIM_OBJDIR)/runtime.mk
	MAKEFLAGS= $(MAKE) -j 2 --no-print-directory -C $(SIM_OBJDIR) -f runtime.mk libverilated.a

$(SIM_DIR)/gpu_sim.o: sim/gpu_sim.cpp sim/gpu_sim.h $(GEN)/scord_defs.h $(SIM_VLIB)
	$(CXX) $(SIM_CXXFLAGS) -c -o $@ $<

# One archive with everything: an ar MRI script merges the two Verilator
# archives and the wrapper without unpacking them (their members' names
# may collide across archives, which extraction would silently resolve).
$(SIM_LIB): $(SIM_DIR)/gpu_sim.o $(SIM_VLIB) $(SIM_VRT)
	@rm -f $@
	printf 'CREATE %s\nADDLIB %s\nADDLIB %s\nADDMOD %s\nSAVE\nEND\n' \
	    $@ $(SIM_VLIB) $(SIM_VRT) $(SIM_DIR)/gpu_sim.o | $(AR) -M
	ranlib $@
