/* vector_types.h: CUDA's small vector types (int2, float4, ...) and their
 * make_ functions, for the device compile of scord-nvcc (scord_cuda.h
 * includes it) and usable by host C++ too: it needs nothing but the
 * compiler, so a kernel parameter of one of these types has the same
 * layout on both sides.
 *
 * Sizes and alignments are CUDA's (the alignment table of its programming
 * guide): an N-vector of a T of s bytes is aligned to N*s for N = 1, 2
 * and 4 (at most 16), a 3-vector only to s (float3 is 12 bytes, aligned
 * to 4). long / unsigned long are 32-bit on the device (RV32, ILP32), 64-bit
 * on an LP64 host, so long1..long4 and ulong1..ulong4 differ between the
 * two sides, as long itself does: do not pass them between host and device.
 *
 * uint3 is defined by scord_gpu.h in C++ (threadIdx is one); this header
 * defines it only when scord_gpu.h did not (SCORD_HAVE_UINT3). dim3 comes
 * from scord_gpu.h on the device and from cuda_runtime.h on the host. */
#ifndef SCORD_VECTOR_TYPES_H
#define SCORD_VECTOR_TYPES_H

#ifndef __cplusplus
#error "vector_types.h (scord): C++ only"
#endif

/* SCORD_VEC(name, T, align of 1, of 2, of 3, of 4): the four types and
 * their make_ functions. constexpr so they may initialise constants. */
#define SCORD_VEC1(name, T, a)                                                 \
    struct alignas(a) name##1 {                                                \
        T x;                                                                   \
    };                                                                         \
    static inline constexpr name##1 make_##name##1(T x) { return name##1{x}; }
#define SCORD_VEC2(name, T, a)                                                 \
    struct alignas(a) name##2 {                                                \
        T x, y;                                                                \
    };                                                                         \
    static inline constexpr name##2 make_##name##2(T x, T y) { return name##2{x, y}; }
#define SCORD_VEC3(name, T, a)                                                 \
    struct alignas(a) name##3 {                                                \
        T x, y, z;                                                             \
    };                                                                         \
    static inline constexpr name##3 make_##name##3(T x, T y, T z) { return name##3{x, y, z}; }
#define SCORD_VEC4(name, T, a)                                                 \
    struct alignas(a) name##4 {                                                \
        T x, y, z, w;                                                          \
    };                                                                         \
    static inline constexpr name##4 make_##name##4(T x, T y, T z, T w)        \
    {                                                                          \
        return name##4{x, y, z, w};                                            \
    }
#define SCORD_VEC(name, T, a1, a2, a3, a4)                                     \
    SCORD_VEC1(name, T, a1)                                                    \
    SCORD_VEC2(name, T, a2)                                                    \
    SCORD_VEC3(name, T, a3)                                                    \
    SCORD_VEC4(name, T, a4)

SCORD_VEC(char, signed char, 1, 2, 1, 4)
SCORD_VEC(uchar, unsigned char, 1, 2, 1, 4)
SCORD_VEC(short, short, 2, 4, 2, 8)
SCORD_VEC(ushort, unsigned short, 2, 4, 2, 8)
SCORD_VEC(int, int, 4, 8, 4, 16)
SCORD_VEC1(uint, unsigned, 4)
SCORD_VEC2(uint, unsigned, 8)
#ifndef SCORD_HAVE_UINT3
struct uint3 {
    unsigned x, y, z;
};
#define SCORD_HAVE_UINT3 1
#endif
static inline constexpr uint3 make_uint3(unsigned x, unsigned y, unsigned z)
{
    return uint3{x, y, z};
}
SCORD_VEC4(uint, unsigned, 16)
#define SCORD_LONG4_ALIGN (4 * sizeof(long) > 16 ? 16 : 4 * sizeof(long))
SCORD_VEC(long, long, sizeof(long), 2 * sizeof(long), sizeof(long), SCORD_LONG4_ALIGN)
SCORD_VEC(ulong, unsigned long, sizeof(long), 2 * sizeof(long), sizeof(long), SCORD_LONG4_ALIGN)
#undef SCORD_LONG4_ALIGN
SCORD_VEC(longlong, long long, 8, 16, 8, 16)
SCORD_VEC(ulonglong, unsigned long long, 8, 16, 8, 16)
SCORD_VEC(float, float, 4, 8, 4, 16)
SCORD_VEC(double, double, 8, 16, 8, 16)

#undef SCORD_VEC
#undef SCORD_VEC1
#undef SCORD_VEC2
#undef SCORD_VEC3
#undef SCORD_VEC4

#endif
