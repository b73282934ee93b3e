/* The count kernel's arguments, shared by the kernel and the host program. */
#ifndef COUNT_H
#define COUNT_H
#include <scord_kargs.h>

struct count_args {
    SCORD_PTR(unsigned) total;
    uint32_t n;
};
SCORD_KARGS_SIZE(struct count_args, 8);
#endif
