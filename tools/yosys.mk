# The one Yosys recipe of the ECP5 syntheses of our RTL (make synth,
# synth-detector, synth-parts): the sources read with the RTL's include
# path (the -I flags of VFLAGS_COMMON: RTL_INCDIRS and the generated headers), optional commands
# (chparam) before synth_ecp5 run up to its check step (the autoname pass
# after it costs minutes and renames nothing we read), the hierarchy
# checked, the statistics written to a file; Yosys's own log to LOG.
#
#   $(call yosys_ecp5,LOG,SOURCES,TOP,SYNTH_OPTIONS,STAT_FILE,STAT_OPTIONS,BEFORE_SYNTH)
YOSYS ?= yosys
YOSYS_INCDIRS = $(filter -I%,$(VFLAGS_COMMON))
yosys_ecp5 = $(YOSYS) -q -l $(1) -p 'read_verilog -sv $(YOSYS_INCDIRS) $(2); $(if $(7),$(7); )synth_ecp5$(if \
    $(4), $(4)) -top $(3) -run :check; hierarchy -check; tee -q -o $(5) stat$(if $(6), $(6))' >/dev/null
