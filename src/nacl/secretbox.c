/*
 * crypto_secretbox: xsalsa20poly1305 with NaCl's padding. The first 32 bytes of the XSalsa20
 * keystream are the Poly1305 key; the message, after its 32 zero bytes, is encrypted with the
 * keystream from byte 32 on, and the tag covers the ciphertext from byte 32 on.
 */
#include "common.h"
#include "salsa20.h"

int crypto_secretbox(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                     const unsigned char *n, const unsigned char *k)
{
    if (mlen < 32) {
        return -1;
    }
    /* m[0..32) is zero, so c[0..32) receives the Poly1305 key itself. */
    crypto_stream_xor(c, m, mlen, n, k);
    crypto_onetimeauth(c + 16, c + 32, mlen - 32, c);
    /* The key's r half is still in c[0..16) (its s half was overwritten by the tag). */
    memset(c, 0, 16);
    return 0;
}

int crypto_secretbox_open(unsigned char *m, const unsigned char *c, unsigned long long clen,
                          const unsigned char *n, const unsigned char *k)
{
    uint32_t x[16];
    uint8_t block0[64]; /* keystream block 0: the Poly1305 key, then what decrypts c[32..64) */
    size_t end, i;
    int r;

    if (clen < 32) {
        microsalt_wipe(m, (size_t)clen);
        return -1;
    }
    /* One XSalsa20 state for both the key and the decryption, so HSalsa20 and block 0 run
     * once. */
    microsalt_xsalsa20_setup(x, n, k);
    microsalt_salsa20_xor(block0, NULL, sizeof block0, x);
    r = crypto_onetimeauth_verify(c + 16, c + 32, clen - 32, block0); /* 0 or -1 */
    /* Whether the tag matched is the caller's to know: public from here on. */
    ct_declassify(&r, sizeof r);
    if (r == 0) {
        /* Verified before anything is decrypted; c == m is fine, m[0..32) is zeroed last. */
        end = clen < 64 ? (size_t)clen : 64;
        for (i = 32; i < end; i++) {
            m[i] = c[i] ^ block0[i];
        }
        if (clen > 64) {
            microsalt_salsa20_xor(m + 64, c + 64, clen - 64, x);
        }
        memset(m, 0, 32);
    } else {
        microsalt_wipe(m, (size_t)clen);
    }
    microsalt_wipe_words(x, 16);
    microsalt_wipe(block0, sizeof block0);
    return r;
}
