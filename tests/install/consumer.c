/* A program that uses an installed libgemstone: found by pkg-config or find_package(gemstone). */
#include <gemstone.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    gem_buffer out = {0};
    gem_status status = gem_preferences_service_get(NULL, &out);
    int ok = gem_abi_version() == GEM_ABI_VERSION && strcmp(gem_version(), GEM_VERSION) == 0 &&
             status == GEM_ERR_INVALID_ARGUMENT && out.data != NULL;
    printf("libgemstone %s (abi %u), NULL service -> %d %s\n", gem_version(), gem_abi_version(), (int)status,
           out.data ? (const char *)out.data : "");
    gem_buffer_free(&out);
    return ok ? 0 : 1;
}
