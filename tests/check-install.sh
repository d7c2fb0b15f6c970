#!/bin/sh
# make install into a scratch prefix, then build against it through pkg-config: the README's
# crypto_box example (shared and static) and a program written for NaCl's header names.
set -eu
prefix=$(pwd)/build/install-test
rm -rf "$prefix"
make --no-print-directory install PREFIX="$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
out=build/install-test/bin
mkdir -p "$out"

awk '/^```c$/ {on = 1; next} /^```$/ {on = 0} on' README.md > "$out/readme_example.c"
[ -s "$out/readme_example.c" ] || { echo "install: README has no C example"; exit 1; }
cflags="-std=c99 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags microsalt)"
cc $cflags -o "$out/readme_shared" "$out/readme_example.c" $(pkg-config --libs microsalt) \
    -Wl,-rpath,"$prefix/lib"
cc $cflags -o "$out/readme_static" "$out/readme_example.c" "$prefix/lib/libmicrosalt.a"
"$out/readme_shared"
"$out/readme_static"

cat > "$out/nacl_names.c" <<'C'
#include <crypto_box.h>
#include <crypto_sign.h>
#include <randombytes.h>
#include <string.h>
int main(void)
{
    unsigned char pk[crypto_box_curve25519xsalsa20poly1305_PUBLICKEYBYTES];
    unsigned char sk[crypto_box_curve25519xsalsa20poly1305_SECRETKEYBYTES];
    unsigned char n[crypto_box_NONCEBYTES], m[40], c[40], t[40];
    unsigned char spk[crypto_sign_ed25519_PUBLICKEYBYTES], ssk[crypto_sign_SECRETKEYBYTES];
    unsigned char sm[64 + 8], mm[64 + 8];
    unsigned long long smlen, mlen;
    memset(m, 0, sizeof m);
    randombytes(n, sizeof n);
    crypto_box_curve25519xsalsa20poly1305_keypair(pk, sk);
    if (crypto_box_curve25519xsalsa20poly1305(c, m, sizeof m, n, pk, sk) != 0) return 1;
    if (crypto_box_curve25519xsalsa20poly1305_open(t, c, sizeof c, n, pk, sk) != 0) return 1;
    crypto_sign_ed25519_keypair(spk, ssk);
    crypto_sign_ed25519(sm, &smlen, (const unsigned char *)"firmware", 8, ssk);
    if (crypto_sign_ed25519_open(mm, &mlen, sm, smlen, spk) != 0 || mlen != 8) return 1;
    return memcmp(t, m, sizeof m) != 0;
}
C
cc $cflags -o "$out/nacl_names" "$out/nacl_names.c" $(pkg-config --libs --static microsalt) \
    -Wl,-rpath,"$prefix/lib"
"$out/nacl_names"
echo "install: headers, libraries and microsalt.pc work; README example ran"
