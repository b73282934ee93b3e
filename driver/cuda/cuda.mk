# The CUDA runtime of scord (driver/cuda/cudart.c): what the host code of a
# CUDA program, rewritten by scord-nvcc, links against.
#
#   SCORD_CUDART_LIB     build/lib/libscord_cudart.a: the runtime alone, one
#                        for every configuration (it takes only regmap.def's
#                        numbers from scord_defs.h, the same in all of them;
#                        the configuration is libscord.a's)
#   SCORD_CUDART_CFLAGS  include path for cuda_runtime.h, cuda.h,
#                        cuda_runtime_api.h and scord_cuda_host.h
#   SCORD_CUDART_LDLIBS  what to link after it: libscord and its libraries, so
#                        $(SCORD_CUDART_LIB) $(SCORD_CUDART_LDLIBS) is enough
#
#   make cudart          build the library
#   make cuda-host-test  tests/cuda/host/run.sh: the runtime without the
#                        translator (a hand-written kernel, a C++ host)
#
# Include it after driver/driver.mk (SCORD_LIB, SCORD_LDLIBS)
# and driver/cc/cc.mk (scord-cc, for the test's kernel).

SCORD_CUDART_LIB    := $(BUILD)/lib/libscord_cudart.a
SCORD_CUDART_CFLAGS := -Idriver/cuda/include
SCORD_CUDART_LDLIBS := $(SCORD_LIB) $(SCORD_LDLIBS)
SCORD_CUDART_HDRS   := $(wildcard driver/cuda/include/*.h) driver/include/scord.h $(GEN)/scord_defs.h
SCORD_CUDART_OBJ    := $(BUILD)/obj/cuda/cudart.o

.PHONY: cudart cuda-host-test
cudart: $(SCORD_CUDART_LIB)

# -fPIC as libscord's objects, should the runtime go into a shared library.
$(SCORD_CUDART_OBJ): driver/cuda/cudart.c $(SCORD_CUDART_HDRS) driver/cli/sarif.h driver/cuda/cuda.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -fPIC $(SCORD_CUDART_CFLAGS) -Idriver/include -Idriver/cli -I$(GEN) -c -o $@ $<
# SCORD_SARIF: the runtime writes its races with `scord run --sarif`'s writer.
SCORD_CUDART_SARIF_OBJ := $(BUILD)/obj/cuda/sarif.o
$(SCORD_CUDART_SARIF_OBJ): driver/cli/sarif.c driver/cli/sarif.h driver/include/scord.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -fPIC -Idriver/include -Idriver/cli -c -o $@ $<

$(SCORD_CUDART_LIB): $(SCORD_CUDART_OBJ) $(SCORD_CUDART_SARIF_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(AR) rcs $@ $^

cuda-host-test: $(SCORD_CUDART_LIB) $(SCORD_LIB) scord-cc
	CC="$(CC)" CXX="$(CXX)" SCORD_CUDART_LIB="$(SCORD_CUDART_LIB)" \
	    SCORD_CUDART_LDLIBS="$(SCORD_CUDART_LDLIBS)" SCORD_CC="$(SCORD_CC_BIN)" \
	    OUT="$(B)/cuda-host" bash tests/cuda/host/run.sh
