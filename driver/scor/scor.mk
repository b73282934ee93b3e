# scord-scor: the ScoR suite runner (driver/scor/), linked with libscord.
#
#   SCOR_BIN     build/$(CONFIG)/bin/scord-scor
#   make scor    everything on `default`: tables on stdout, progress on
#                stderr, build/scor/results.json, Fig 8/9 PNGs (gnuplot);
#                the simulations in one worker process per CPU
#                (SCOR_JOBS=N: N of them; the results do not depend on it)
#   make scor-check   micro, detector and beyond kernels (+ apps) in --check mode
#
# Applications: every sw/bench/apps/<name>/host.c found now is compiled in
# and listed in the generated scor_apps.h (Table VI order first), so the
# runner builds and works with any subset of the seven.

SCOR_BIN    := $(B)/bin/scord-scor
SCOR_OBJDIR := $(B)/obj/scor
SCOR_OUT    := $(BUILD)/scor
SCOR_APP_ORDER := mm red r110 gcol gcon 1dc uts
SCOR_APP_FOUND := $(patsubst sw/bench/apps/%/host.c,%,$(wildcard sw/bench/apps/*/host.c))
SCOR_APP_NAMES := $(filter $(SCOR_APP_FOUND),$(SCOR_APP_ORDER)) \
                  $(sort $(filter-out $(SCOR_APP_ORDER),$(SCOR_APP_FOUND)))
SCOR_APPS_H := $(SCOR_OBJDIR)/scor_apps.h
SCOR_CFLAGS := $(CFLAGS_HOST) -MMD -MP -Idriver/include -Idriver/scor -Isw/bench -Isw/bench/micro \
               -Isw/bench/beyond $(SW_INCLUDE) -I$(SCOR_OBJDIR)
# The runner's own files (scor.h says what each does); options.c holds the
# default data directories an install changes (driver/install.mk).
SCOR_SRCS := $(addprefix driver/scor/,scor.c jobs.c results.c run.c workloads.c apps.c beyond.c \
               upload.c options.c pool.c)
SCOR_OBJS := $(patsubst driver/scor/%.c,$(SCOR_OBJDIR)/%.o,$(SCOR_SRCS)) \
             $(patsubst %,$(SCOR_OBJDIR)/apps/%/host.o,$(SCOR_APP_NAMES))

# Rewritten only when the list changes, so apps.o is not rebuilt each time.
$(SCOR_APPS_H): FORCE
	@mkdir -p $(dir $@)
	@printf '#define SCOR_APPS(X)%s\n' "$(foreach n,$(SCOR_APP_NAMES), X($(n)))" > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
.PHONY: FORCE
FORCE:

$(SCOR_OBJDIR)/%.o: driver/scor/%.c $(SCOR_APPS_H)
	@mkdir -p $(dir $@)
	$(CC) $(SCOR_CFLAGS) -c -o $@ $<
$(SCOR_OBJDIR)/apps/%/host.o: sw/bench/apps/%/host.c
	@mkdir -p $(dir $@)
	$(CC) $(SCOR_CFLAGS) -Isw/bench/apps/$* -c -o $@ $<
$(SCOR_BIN): $(SCOR_OBJS) $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(SCOR_OBJS) $(SCORD_LIB) $(SCORD_LDLIBS) -lm

.PHONY: scor scor-bin scor-check
scor-bin: $(SCOR_BIN)
scor: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=default sim sw scor-bin
	@mkdir -p $(SCOR_OUT)
	build/default/bin/scord-scor --sw-dir $(SW_BUILD) --progress --tables \
	    --json $(SCOR_OUT)/results.json --data-dir $(SCOR_OUT) $(if $(SCOR_LARGE),--large) \
	    $(if $(SCOR_JOBS),-j $(SCOR_JOBS))
	@if command -v gnuplot >/dev/null; then \
	    gnuplot -e "dir='$(SCOR_OUT)'" tools/scor_plots.gp && \
	    echo "figures: $(SCOR_OUT)/fig8.png $(SCOR_OUT)/fig9.png"; \
	else echo "gnuplot not found (make deps): no PNG figures"; fi
scor-check: $(SCOR_BIN) $(SW_SCOR_ELFS)
	$(SCOR_BIN) --sw-dir $(SW_BUILD) --check --configs full,cache

-include $(SCOR_OBJS:.o=.d)
