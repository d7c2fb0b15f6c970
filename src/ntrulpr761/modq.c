/* ntrulpr761: arithmetic mod q, constant time. */
#include "ntrulpr761_internal.h"

/* Out of line for the many callers where a call costs little against the code it saves. */
int16_t microsalt_ntrulpr761_fq_freeze(int32_t x)
{
    return fq_freeze_inline(x);
}
