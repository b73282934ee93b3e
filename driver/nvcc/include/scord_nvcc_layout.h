/* scord_nvcc_layout.h: the argument block of a launch, laid out the same
 * way by the host stub (scord_nvcc_host.h, with the device's types) and by
 * the device's kernel_main (scord_nvcc_device.h): a 32-bit kernel index,
 * then each parameter at the next multiple of its alignment, as a struct
 * of them would be. Plain C++17, for both compilers. */
#ifndef SCORD_NVCC_LAYOUT_H
#define SCORD_NVCC_LAYOUT_H

template <unsigned... I> struct __scord_seq {};
template <unsigned N, unsigned... I> struct __scord_mkseq : __scord_mkseq<N - 1, N - 1, I...> {};
template <unsigned... I> struct __scord_mkseq<0, I...> {
    typedef __scord_seq<I...> type;
};

template <class... P> struct __scord_layout {
    static constexpr unsigned size[] = {(unsigned)sizeof(P)..., 0u};
    static constexpr unsigned align[] = {(unsigned)alignof(P)..., 1u};
    /* offset of parameter i; offset(number of parameters) is the size */
    static constexpr unsigned offset(unsigned i)
    {
        unsigned o = 4;
        for (unsigned k = 0;; k++) {
            o = (o + align[k] - 1) & ~(align[k] - 1);
            if (k == i)
                return o;
            o += size[k];
        }
    }
    static constexpr unsigned total() { return offset(sizeof...(P)); }
};

#endif
