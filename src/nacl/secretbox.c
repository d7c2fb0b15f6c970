/*
 * crypto_secretbox: xsalsa20poly1305 with NaCl's padding. The first 32 bytes of the XSalsa20
 * keystream are the Poly1305 key; the message, after its 32 zero bytes, is encrypted with the
 * keystream from byte 32 on, and the tag covers the ciphertext from byte 32 on.
 */
#include "common.h"

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
    uint8_t polykey[32];
    int r;

    if (clen < 32) {
        microsalt_wipe(m, (size_t)clen);
        return -1;
    }
    crypto_stream(polykey, sizeof polykey, n, k);
    r = crypto_onetimeauth_verify(c + 16, c + 32, clen - 32, polykey);
    microsalt_wipe(polykey, sizeof polykey);
    /* Whether the tag matched is the caller's to know: public from here on. */
    ct_declassify(&r, sizeof r);
    if (r != 0) {
        microsalt_wipe(m, (size_t)clen);
        return -1;
    }
    /* Verified before anything is decrypted; c == m is fine, m[0..32) is zeroed afterwards. */
    crypto_stream_xor(m, c, clen, n, k);
    memset(m, 0, 32);
    return 0;
}
