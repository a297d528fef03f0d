#ifndef SCOUT_CZLIB_SHIM_H
#define SCOUT_CZLIB_SHIM_H

#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call: a raw deflate stream (a zip entry's data, no zlib
   header) is started here. */
static inline int scout_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}

#endif
