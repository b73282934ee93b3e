# make install [PREFIX=/usr/local] [DESTDIR=] [CONFIG=default]
#
# What a GPU programmer or a host program needs, outside the tree:
#
#   bin/scord, bin/scord-cc, bin/scord-scor, bin/scord-nvcc   the commands
#   lib/libscord.a, lib/libscord.so{,.1,.$(SCORD_VERSION)}  the host library,
#                     cycle model of CONFIG inside (exports scord_* only)
#   lib/pkgconfig/scord.pc                           pkg-config --cflags --libs scord
#   include/scord.h, include/scord_kargs.h           the host API; the kernel
#                     argument helpers a host shares with its kernels
#   lib/scord/device/{crt0.o,link.ld,include/}       the kernel runtime (scord-cc)
#   share/scord/scor/{sw,src}/                       the ScoR suite's kernels and
#                     their sources (markers), scord-scor's defaults
#   lib/scord/nvcc/include, lib/scord/cuda/include    scord-nvcc's headers and
#                     the CUDA runtime layer's (cuda_runtime.h, ...)
#   lib/scord/libscord_cudart.a, lib/scord/$(CONFIG)/libscord.a   what a
#                     scord-nvcc program links: its default configuration is
#                     CONFIG's (lib/scord/device/include/cuda-device: the
#                     device side's shims of CUDA's host headers)
#   share/man/man1/{scord,scord-cc,scord-scor,scord-nvcc}.1   from their --help
#
# scord-cc and scord-scor are rebuilt for PREFIX (their compiled-in
# defaults); scord-cc also finds its runtime relative to itself, so a
# DESTDIR image may be moved. make uninstall removes exactly these files.

PREFIX  ?= /usr/local
DESTDIR ?=
INSTALL_ROOT := $(DESTDIR)$(PREFIX)
INST_DIR := $(B)/install
SCORD_SO_MAJOR := $(firstword $(subst ., ,$(SCORD_VERSION)))
SCORD_SO := $(B)/lib/libscord.so.$(SCORD_VERSION)
SCORD_SO_VERSIONS := $(INST_DIR)/libscord.map

# Only the API is exported: the cycle model's and Verilator's C++ symbols
# stay inside the library.
$(SCORD_SO_VERSIONS):
	@mkdir -p $(dir $@)
	printf 'SCORD_%s {\n  global: scord_*;\n  local: *;\n};\n' $(SCORD_SO_MAJOR) > $@
$(SCORD_SO): $(SCORD_LIB) $(SCORD_SO_VERSIONS)
	$(CXX) -shared -Wl,-soname,libscord.so.$(SCORD_SO_MAJOR) -Wl,--version-script=$(SCORD_SO_VERSIONS) \
	    -o $@ -Wl,--whole-archive $(SCORD_LIB) -Wl,--no-whole-archive $(SCORD_LDLIBS)

INST_CC   := $(INST_DIR)/scord-cc
INST_NVCC := $(INST_DIR)/scord-nvcc
INST_SCOR := $(INST_DIR)/scord-scor
SCOR_DATA := $(PREFIX)/share/scord/scor
# Rebuilt when PREFIX changes: the prefix is in the binaries.
INST_PREFIX_STAMP := $(INST_DIR)/prefix.$(subst /,_,$(PREFIX))
$(INST_PREFIX_STAMP):
	@mkdir -p $(dir $@)
	@rm -f $(INST_DIR)/prefix.*
	touch $@
$(INST_CC): driver/cc/scord_cc.c driver/cc/spawn.c driver/cc/spawn.h $(SCORD_CC_FLAGS_H) $(INST_PREFIX_STAMP)
	$(call scord_cc_build,$@,-DSCORD_CC_PREFIX='"$(PREFIX)"')
$(INST_NVCC): $(SCORD_NVCC_SRCS) $(SCORD_NVCC_HDRS) $(SCORD_NVCC_FLAGS_H) $(INST_PREFIX_STAMP)
	$(call scord_nvcc_build,$@,-DSCORD_NVCC_DEFAULT_CONFIG='"$(CONFIG)"')
$(INST_DIR)/options.o: driver/scor/options.c $(INST_PREFIX_STAMP)
	$(CC) $(SCOR_CFLAGS) -DSCOR_SW_DIR='"$(SCOR_DATA)/sw"' -DSCOR_SRC_ROOT='"$(SCOR_DATA)/src"' \
	    -MF $(@:.o=.d) -c -o $@ $<
$(INST_SCOR): $(INST_DIR)/options.o $(filter-out $(SCOR_OBJDIR)/options.o,$(SCOR_OBJS)) $(SCORD_LIB)
	$(CC) -o $@ $(filter %.o,$^) $(SCORD_LIB) $(SCORD_LDLIBS) -lm

$(INST_DIR)/scord.pc: $(INST_PREFIX_STAMP) driver/install.mk
	@mkdir -p $(dir $@)
	@{ echo 'prefix=$(PREFIX)'; echo 'libdir=$${prefix}/lib'; echo 'includedir=$${prefix}/include'; \
	   echo 'devicedir=$${libdir}/scord/device'; echo; \
	   echo 'Name: scord'; \
	   echo 'Description: host library of the open RISC-V SIMT GPU with the ScoRD race detector (cycle model "$(CONFIG)" inside)'; \
	   echo 'Version: $(SCORD_VERSION)'; \
	   echo 'Cflags: -I$${includedir}'; echo 'Libs: -L$${libdir} -lscord'; \
	   echo 'Libs.private: $(SCORD_LDLIBS)'; } > $@

# Man pages from --help; scord's also carries `scord run --help`.
INST_MAN := $(INST_DIR)/man
HELP2MAN := help2man --no-info --version-string=$(SCORD_VERSION)
ROFF_LITERAL := sed -e 's/\\/\\e/g' -e "s/^[.']/\\\\\&&/"
$(INST_MAN)/scord.1: $(SCORD_BIN)
	@mkdir -p $(dir $@)
	{ echo '[RUN OPTIONS]'; echo '.nf'; $(SCORD_BIN) run --help | $(ROFF_LITERAL); echo '.fi'; } > $@.run
	$(HELP2MAN) --name='run kernels on the open SIMT GPU and report data races' \
	    --include=$@.run --output=$@ $(SCORD_BIN)
$(INST_MAN)/scord-cc.1: $(INST_CC)
	@mkdir -p $(dir $@)
	$(HELP2MAN) --name='compile kernels for the open SIMT GPU' --output=$@ $(INST_CC)
$(INST_MAN)/scord-scor.1: $(INST_SCOR)
	@mkdir -p $(dir $@)
	$(HELP2MAN) --name='run the ScoR race detection suite' --output=$@ $(INST_SCOR)
$(INST_MAN)/scord-nvcc.1: $(INST_NVCC)
	@mkdir -p $(dir $@)
	$(HELP2MAN) --name='build CUDA programs for the open SIMT GPU, races checked' --output=$@ $(INST_NVCC)
INST_MANS := $(INST_MAN)/scord.1 $(INST_MAN)/scord-cc.1 $(INST_MAN)/scord-scor.1 $(INST_MAN)/scord-nvcc.1

# The ScoR suite's data: kernel ELFs (as under build/sw) and kernel.c files.
SCOR_SRC_FILES := $(patsubst $(SW_BUILD)/%/kernel.elf,%/kernel.c,$(filter %/kernel.elf,$(SW_SCOR_ELFS)))

INSTALL_FILES := $(SCORD_BIN) $(INST_CC) $(INST_NVCC) $(SCORD_CUDART_LIB) $(INST_SCOR) $(SCORD_LIB) $(SCORD_SO) \
                 $(INST_DIR)/scord.pc $(INST_MANS) $(SW_SCOR_ELFS) $(SCORD_DEVICE_FILES)

.PHONY: install install-files uninstall
install: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 install-files
install-files: $(INSTALL_FILES)
	install -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/lib/pkgconfig $(INSTALL_ROOT)/include \
	    $(INSTALL_ROOT)/lib/scord/device/include $(INSTALL_ROOT)/share/man/man1
	install -m 755 $(SCORD_BIN) $(INST_CC) $(INST_NVCC) $(INST_SCOR) $(INSTALL_ROOT)/bin/
	install -m 644 $(SCORD_LIB) $(INSTALL_ROOT)/lib/
	install -m 755 $(SCORD_SO) $(INSTALL_ROOT)/lib/
	ln -sf libscord.so.$(SCORD_VERSION) $(INSTALL_ROOT)/lib/libscord.so.$(SCORD_SO_MAJOR)
	ln -sf libscord.so.$(SCORD_SO_MAJOR) $(INSTALL_ROOT)/lib/libscord.so
	install -m 644 $(INST_DIR)/scord.pc $(INSTALL_ROOT)/lib/pkgconfig/
	install -m 644 driver/include/scord.h sw/include/scord_kargs.h $(INSTALL_ROOT)/include/
	install -m 644 $(SCORD_DEVICE_DIR)/crt0.o $(SCORD_DEVICE_DIR)/link.ld $(INSTALL_ROOT)/lib/scord/device/
	install -m 644 $(SCORD_DEVICE_DIR)/include/*.h $(INSTALL_ROOT)/lib/scord/device/include/
	install -d $(INSTALL_ROOT)/lib/scord/device/include/cuda-device $(INSTALL_ROOT)/lib/scord/nvcc/include \
	    $(INSTALL_ROOT)/lib/scord/cuda/include $(INSTALL_ROOT)/lib/scord/$(CONFIG)
	install -m 644 sw/include/cuda-device/* $(INSTALL_ROOT)/lib/scord/device/include/cuda-device/
	install -m 644 driver/nvcc/include/*.h $(INSTALL_ROOT)/lib/scord/nvcc/include/
	install -m 644 driver/cuda/include/*.h $(INSTALL_ROOT)/lib/scord/cuda/include/
	install -m 644 $(SCORD_CUDART_LIB) $(INSTALL_ROOT)/lib/scord/
	ln -sf ../../libscord.a $(INSTALL_ROOT)/lib/scord/$(CONFIG)/libscord.a
	install -m 644 $(INST_MANS) $(INSTALL_ROOT)/share/man/man1/
	@for f in $(patsubst $(SW_BUILD)/%,%,$(SW_SCOR_ELFS)); do \
	    install -D -m 644 $(SW_BUILD)/$$f $(DESTDIR)$(SCOR_DATA)/sw/$$f || exit 1; done
	@for f in $(SCOR_SRC_FILES); do \
	    install -D -m 644 $$f $(DESTDIR)$(SCOR_DATA)/src/$$f || exit 1; done
	@echo "installed in $(INSTALL_ROOT) (ScoR suite data: $(words $(SW_SCOR_ELFS)) kernels)"

uninstall:
	rm -f $(addprefix $(INSTALL_ROOT)/bin/,scord scord-cc scord-nvcc scord-scor) \
	    $(addprefix $(INSTALL_ROOT)/lib/,libscord.a libscord.so libscord.so.$(SCORD_SO_MAJOR) \
	        libscord.so.$(SCORD_VERSION) pkgconfig/scord.pc) \
	    $(INSTALL_ROOT)/include/scord.h $(INSTALL_ROOT)/include/scord_kargs.h \
	    $(addprefix $(INSTALL_ROOT)/share/man/man1/,scord.1 scord-cc.1 scord-scor.1 scord-nvcc.1)
	rm -rf $(INSTALL_ROOT)/lib/scord $(DESTDIR)$(SCOR_DATA)
	-rmdir $(INSTALL_ROOT)/share/scord 2>/dev/null
