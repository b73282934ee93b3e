# Verilator build of an RTL unit test (a C++ harness around one top module),
# shared by the unit tests under tests/rtl/. Included by the top Makefile
# before them (uses its GEN, RTL_INCDIRS and VERILATOR).
#   $(call VL_UNIT_BUILD,out dir,top module,binary name,extra flags,rtl,harness)
define VL_UNIT_BUILD
	@mkdir -p $(1)
	$(VERILATOR) --cc --exe --build -j 2 -Wall $(4) $(RTL_INCDIRS) -I$(GEN) \
	  --top-module $(2) --Mdir $(1) -o $(3) \
	  -CFLAGS "-std=c++17 -O2 -I$(abspath $(GEN))" \
	  $(5) $(abspath $(6)) >$(1)/build.log 2>&1 \
	  || { tail -40 $(1)/build.log; exit 1; }
endef
