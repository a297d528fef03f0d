// libchafa (and the glib it is built on), for CScoutImage's renderer; Swift never imports it directly.
#include <chafa.h>
