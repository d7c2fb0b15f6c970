/*
 * libsodium as a test oracle. libsodium exports the same NaCl names as microsalt, so it is
 * loaded with dlopen(RTLD_LOCAL) and called through this table instead of being linked.
 * Only the short names are used: in libsodium they are the same primitives as NaCl's.
 */
#ifndef MICROSALT_TEST_ORACLE_H
#define MICROSALT_TEST_ORACLE_H

#include <stdint.h>

#define UC unsigned char
#define ULL unsigned long long
#define SODIUM_FUNCTIONS(X)                                                                 \
    X(int, crypto_box, (UC *, const UC *, ULL, const UC *, const UC *, const UC *))         \
    X(int, crypto_box_open, (UC *, const UC *, ULL, const UC *, const UC *, const UC *))    \
    X(int, crypto_box_beforenm, (UC *, const UC *, const UC *))                             \
    X(int, crypto_box_afternm, (UC *, const UC *, ULL, const UC *, const UC *))             \
    X(int, crypto_box_open_afternm, (UC *, const UC *, ULL, const UC *, const UC *))        \
    X(int, crypto_secretbox, (UC *, const UC *, ULL, const UC *, const UC *))               \
    X(int, crypto_secretbox_open, (UC *, const UC *, ULL, const UC *, const UC *))          \
    X(int, crypto_sign_seed_keypair, (UC *, UC *, const UC *))                              \
    X(int, crypto_sign, (UC *, ULL *, const UC *, ULL, const UC *))                         \
    X(int, crypto_sign_open, (UC *, ULL *, const UC *, ULL, const UC *))                    \
    X(int, crypto_sign_detached, (UC *, ULL *, const UC *, ULL, const UC *))                \
    X(int, crypto_sign_verify_detached, (const UC *, const UC *, ULL, const UC *))          \
    X(int, crypto_hash, (UC *, const UC *, ULL))                                            \
    X(int, crypto_auth, (UC *, const UC *, ULL, const UC *))                                \
    X(int, crypto_auth_verify, (const UC *, const UC *, ULL, const UC *))                   \
    X(int, crypto_onetimeauth, (UC *, const UC *, ULL, const UC *))                         \
    X(int, crypto_onetimeauth_verify, (const UC *, const UC *, ULL, const UC *))            \
    X(int, crypto_stream, (UC *, ULL, const UC *, const UC *))                              \
    X(int, crypto_stream_xor, (UC *, const UC *, ULL, const UC *, const UC *))              \
    X(int, crypto_stream_salsa20, (UC *, ULL, const UC *, const UC *))                      \
    X(int, crypto_stream_salsa20_xor, (UC *, const UC *, ULL, const UC *, const UC *))      \
    X(int, crypto_core_salsa20, (UC *, const UC *, const UC *, const UC *))                 \
    X(int, crypto_core_hsalsa20, (UC *, const UC *, const UC *, const UC *))                \
    X(int, crypto_scalarmult, (UC *, const UC *, const UC *))                               \
    X(int, crypto_scalarmult_base, (UC *, const UC *))                                      \
    X(int, crypto_verify_16, (const UC *, const UC *))                                      \
    X(int, crypto_verify_32, (const UC *, const UC *))                                      \
    X(int, crypto_stream_chacha20, (UC *, ULL, const UC *, const UC *))                     \
    X(int, crypto_stream_chacha20_xor, (UC *, const UC *, ULL, const UC *, const UC *))     \
    X(int, crypto_stream_chacha20_xor_ic,                                                   \
      (UC *, const UC *, ULL, const UC *, uint64_t, const UC *))                            \
    X(int, crypto_stream_chacha20_ietf, (UC *, ULL, const UC *, const UC *))                \
    X(int, crypto_stream_chacha20_ietf_xor, (UC *, const UC *, ULL, const UC *, const UC *)) \
    X(int, crypto_stream_chacha20_ietf_xor_ic,                                              \
      (UC *, const UC *, ULL, const UC *, uint32_t, const UC *))                            \
    X(int, crypto_stream_xchacha20, (UC *, ULL, const UC *, const UC *))                    \
    X(int, crypto_stream_xchacha20_xor, (UC *, const UC *, ULL, const UC *, const UC *))    \
    X(int, crypto_stream_xchacha20_xor_ic,                                                  \
      (UC *, const UC *, ULL, const UC *, uint64_t, const UC *))                            \
    X(int, crypto_core_hchacha20, (UC *, const UC *, const UC *, const UC *))               \
    X(int, crypto_aead_chacha20poly1305_ietf_encrypt,                                       \
      (UC *, ULL *, const UC *, ULL, const UC *, ULL, const UC *, const UC *, const UC *))  \
    X(int, crypto_aead_chacha20poly1305_ietf_encrypt_detached,                              \
      (UC *, UC *, ULL *, const UC *, ULL, const UC *, ULL, const UC *, const UC *,         \
       const UC *))                                                                         \
    X(int, crypto_aead_xchacha20poly1305_ietf_encrypt,                                      \
      (UC *, ULL *, const UC *, ULL, const UC *, ULL, const UC *, const UC *, const UC *))  \
    X(int, crypto_aead_xchacha20poly1305_ietf_encrypt_detached,                             \
      (UC *, UC *, ULL *, const UC *, ULL, const UC *, ULL, const UC *, const UC *,         \
       const UC *))

struct sodium_oracle {
#define SODIUM_MEMBER(ret, name, args) ret(*name) args;
    SODIUM_FUNCTIONS(SODIUM_MEMBER)
#undef SODIUM_MEMBER
};

/* Loads libsodium on first use; aborts loudly if it is missing (the suite never skips). */
const struct sodium_oracle *sodium(void);

#endif
