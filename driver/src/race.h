/* The names tests/race/test_race.c reaches two of libscord's internals by
 * (scord_int.h declares them now): the ring drain over a port and JSON
 * string quoting. Only that test includes this header. */
#ifndef SCORD_RACE_H
#define SCORD_RACE_H

#include "scord_int.h"

static inline int scord_priv_ring_drain(const struct scord_ring_port *port, scord_device *dev,
                                        struct scord_race *races, size_t max, size_t *n,
                                        struct scord_ring_info *info)
{
    return scord_ring_drain_port(port, dev, races, max, n, info);
}

static inline size_t scord_priv_json_string(char *buf, size_t len, const char *s)
{
    return scord_json_string(buf, len, s);
}

#endif
