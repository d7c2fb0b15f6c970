#include "oracle.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static struct sodium_oracle table;
static int loaded;

const struct sodium_oracle *sodium(void)
{
    void *h;
    int (*init)(void);
    if (loaded) return &table;
    h = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "oracle: cannot load libsodium (install libsodium-dev): %s\n",
                dlerror());
        abort();
    }
    *(void **)&init = dlsym(h, "sodium_init");
    if (init == NULL || init() < 0) {
        fprintf(stderr, "oracle: sodium_init failed\n");
        abort();
    }
#define SODIUM_LOAD(ret, name, args)                                                        \
    *(void **)&table.name = dlsym(h, #name);                                                \
    if (table.name == NULL) {                                                               \
        fprintf(stderr, "oracle: libsodium lacks %s\n", #name);                             \
        abort();                                                                            \
    }
    SODIUM_FUNCTIONS(SODIUM_LOAD)
#undef SODIUM_LOAD
    loaded = 1;
    return &table;
}
