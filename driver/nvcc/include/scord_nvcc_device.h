/* scord_nvcc_device.h: what scord-nvcc's rewritten device code calls,
 * included after scord_cuda.h at the top of every device translation
 * unit it generates.
 *
 * Volatile. CUDA programs (ScoR's among them) write `volatile` where they
 * mean "go to the memory every thread sees"; on this GPU that is a strong
 * (L1-bypassing) access, and the race detector's strong-operation check
 * depends on it. g++ would compile a volatile access to a plain load or
 * store, so scord-nvcc rewrites each one in device code into the calls
 * below (a read of volatile lvalue E into __scord_vload(&(E)), E = V into
 * __scord_vassign(&(E), (V)), E op= V, ++E and E++ likewise), which
 * scord_cuda.h's __scord_vload and __scord_vstore turn into strong
 * accesses. Each returns what the CUDA expression yields.
 *
 * Launch. The host stub of a kernel packs its arguments into a block:
 * a 32-bit kernel index, then each parameter at the next offset aligned
 * to its device alignment (scord_nvcc_host.h lays it out the same way for
 * the device's types); the generated kernel_main reads the index and
 * calls the kernel through __scord_call, which reads the parameters back
 * with the layout below. */
#ifndef SCORD_NVCC_DEVICE_H
#define SCORD_NVCC_DEVICE_H

template <class T, class V>
__attribute__((always_inline)) inline T __scord_vassign(volatile T *p, V v)
{
    T t = (T)v;
    __scord_vstore(p, t);
    return t;
}

template <class T, class F>
__attribute__((always_inline)) inline T __scord_vupdate(volatile T *p, F f)
{
    T t = (T)f(__scord_vload(p));
    __scord_vstore(p, t);
    return t;
}

template <class T> __attribute__((always_inline)) inline T __scord_vpreinc(volatile T *p)
{
    return __scord_vupdate(p, [](T o) { return ++o; });
}
template <class T> __attribute__((always_inline)) inline T __scord_vpredec(volatile T *p)
{
    return __scord_vupdate(p, [](T o) { return --o; });
}
template <class T> __attribute__((always_inline)) inline T __scord_vpostinc(volatile T *p)
{
    T o = __scord_vload(p);
    T n = o;
    __scord_vstore(p, ++n);
    return o;
}
template <class T> __attribute__((always_inline)) inline T __scord_vpostdec(volatile T *p)
{
    T o = __scord_vload(p);
    T n = o;
    __scord_vstore(p, --n);
    return o;
}

/* ---- the argument block ------------------------------------------------ */

#include "scord_nvcc_layout.h"

/* The kernel is called through a pointer the compiler cannot see through
 * (the empty asm), so it is not inlined into kernel_main: a race report
 * names the kernel's own line as the outermost frame of an access, not
 * the dispatch's. */
template <class... P, unsigned... I>
__attribute__((always_inline)) inline void __scord_call_seq(void (*f)(P...), const unsigned char *a,
                                                            __scord_seq<I...>)
{
    __asm__("" : "+r"(f));
    f(*(const P *)(a + __scord_layout<P...>::offset(I))...);
}

template <class... P>
__attribute__((always_inline)) inline void __scord_call(void (*f)(P...), const void *arg)
{
    __scord_call_seq(f, (const unsigned char *)arg, typename __scord_mkseq<sizeof...(P)>::type());
}

#endif
