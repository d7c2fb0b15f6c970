/* Mbed TLS 2.28 (bench/peers/peers.py) for the lab, configured by
 * bench/peers/config/mbedtls_config.h: X25519 (ECP on Curve25519, whose numbers Mbed TLS reads
 * and writes little-endian, as RFC 7748), ChaCha20-Poly1305, SHA-512, Poly1305, ChaCha20 and
 * P-256 (ECDH, and ECDSA on raw r and s) (bench/peers/adapter.h). Mbed TLS 2.28 has no Ed25519.
 *
 * Its big numbers live on the heap: mbedtls_calloc and mbedtls_free are bound (by the
 * configuration) to the small allocator below, over a static buffer. */
#include <string.h>

#include "adapter.h"
#include "mbedtls/chacha20.h"
#include "mbedtls/chachapoly.h"
#include "mbedtls/ecdh.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "mbedtls/poly1305.h"
#include "mbedtls/sha512.h"

void randombytes(unsigned char *x, unsigned long long len);

/* ---- The heap: first fit over a static buffer ----
 * Each block is a header (the payload's size, with bit 0 set while in use) and its payload;
 * the blocks tile the buffer. A zero header is the untouched (zeroed .bss) buffer, made one
 * free block on first use. Free neighbours are merged as an allocation walks past them.
 * Mbed TLS frees everything it allocates before an operation returns. */
/* Sizes: what P-256 verification, the greediest operation, needs with the default window
 * (about 4.5 KB on the host, 64-bit), with room to spare where RAM allows; on 2 KB parts what
 * X25519 alone needs. */
#ifndef HAL_RAM_BYTES
#define LAB_HEAP_BYTES 32768 /* the host */
#elif HAL_RAM_BYTES >= 65536
#define LAB_HEAP_BYTES 16384
#elif HAL_RAM_BYTES >= 8192
#define LAB_HEAP_BYTES 4608
#else
#define LAB_HEAP_BYTES 1280
#endif

typedef union {
    size_t size;
    unsigned long long align; /* payloads aligned for any type */
} lab_block;

static lab_block lab_heap[LAB_HEAP_BYTES / sizeof(lab_block)];
static size_t lab_heap_used;
size_t mbedtls_lab_heap_peak; /* the most bytes ever in use, headers included */

#define LAB_UNITS (sizeof lab_heap / sizeof lab_heap[0])

void *mbedtls_lab_calloc(size_t n, size_t size)
{
    size_t units, i;
    if (n == 0 || size == 0 || size > (size_t)-1 / n) return NULL;
    units = (n * size + sizeof(lab_block) - 1) / sizeof(lab_block);
    if (lab_heap[0].size == 0) lab_heap[0].size = (LAB_UNITS - 1) * sizeof(lab_block);
    for (i = 0; i < LAB_UNITS;) {
        size_t have = lab_heap[i].size / sizeof(lab_block); /* payload units, bit 0 dropped */
        if (!(lab_heap[i].size & 1)) {
            size_t next = i + 1 + have;
            while (next < LAB_UNITS && !(lab_heap[next].size & 1)) { /* merge a free follower */
                have += 1 + lab_heap[next].size / sizeof(lab_block);
                next = i + 1 + have;
            }
            lab_heap[i].size = have * sizeof(lab_block);
            if (have >= units) {
                if (have > units + 1) { /* split off the rest */
                    lab_heap[i + 1 + units].size = (have - units - 1) * sizeof(lab_block);
                    have = units;
                }
                lab_heap[i].size = have * sizeof(lab_block) | 1;
                lab_heap_used += (have + 1) * sizeof(lab_block);
                if (lab_heap_used > mbedtls_lab_heap_peak) mbedtls_lab_heap_peak = lab_heap_used;
                memset(&lab_heap[i + 1], 0, have * sizeof(lab_block));
                return &lab_heap[i + 1];
            }
        }
        i += 1 + have;
    }
    return NULL;
}

void mbedtls_lab_free(void *p)
{
    lab_block *b;
    if (p == NULL) return;
    b = (lab_block *)p - 1;
    b->size &= ~(size_t)1;
    lab_heap_used -= b->size + sizeof(lab_block);
}

/* ---- Random numbers: ECDSA nonces and the blinding of ECP multiplications ---- */
static int lab_rng(void *state, unsigned char *out, size_t len)
{
    (void)state;
    randombytes(out, len);
    return 0;
}

/* ---- X25519 ---- */

/* mbedtls_ecp_read_key decodes (and clamps) the little-endian scalar; u is read little-endian
 * with its top bit masked, and the result written little-endian. */
static int x25519(uint8_t q[32], const uint8_t n[32], const uint8_t *u)
{
    mbedtls_ecp_keypair kp;
    mbedtls_ecp_point P;
    mbedtls_mpi z;
    int ret;
    mbedtls_ecp_keypair_init(&kp);
    mbedtls_ecp_point_init(&P);
    mbedtls_mpi_init(&z);
    ret = mbedtls_ecp_read_key(MBEDTLS_ECP_DP_CURVE25519, &kp, n, 32);
    if (ret == 0) {
        if (u == NULL)
            ret = mbedtls_ecp_mul(&kp.grp, &P, &kp.d, &kp.grp.G, lab_rng, NULL);
        else if ((ret = mbedtls_ecp_point_read_binary(&kp.grp, &P, u, 32)) == 0)
            ret = mbedtls_ecdh_compute_shared(&kp.grp, &z, &P, &kp.d, lab_rng, NULL);
    }
    if (ret == 0) ret = mbedtls_mpi_write_binary_le(u == NULL ? &P.X : &z, q, 32);
    mbedtls_mpi_free(&z);
    mbedtls_ecp_point_free(&P);
    mbedtls_ecp_keypair_free(&kp);
    return ret == 0 ? 0 : -1;
}

int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    return x25519(q, n, p);
}

int peer_x25519_base(uint8_t q[32], const uint8_t n[32])
{
    return x25519(q, n, NULL);
}

/* ---- ChaCha20-Poly1305, SHA-512, Poly1305, ChaCha20 ---- */

int peer_aead_encrypt(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    mbedtls_chachapoly_context ctx;
    int ret;
    mbedtls_chachapoly_init(&ctx);
    ret = mbedtls_chachapoly_setkey(&ctx, key);
    if (ret == 0) ret = mbedtls_chachapoly_encrypt_and_tag(&ctx, n, nonce, NULL, 0, m, c, c + n);
    mbedtls_chachapoly_free(&ctx);
    return ret == 0 ? 0 : -1;
}

int peer_aead_decrypt(uint8_t *m, const uint8_t *c, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    mbedtls_chachapoly_context ctx;
    int ret;
    mbedtls_chachapoly_init(&ctx);
    ret = mbedtls_chachapoly_setkey(&ctx, key);
    if (ret == 0) ret = mbedtls_chachapoly_auth_decrypt(&ctx, n, nonce, NULL, 0, c + n, c, m);
    mbedtls_chachapoly_free(&ctx);
    return ret == 0 ? 0 : -1;
}

int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n)
{
    return mbedtls_sha512_ret(m, n, h, 0) == 0 ? 0 : -1;
}

int peer_poly1305(uint8_t tag[16], const uint8_t *m, size_t n, const uint8_t key[32])
{
    return mbedtls_poly1305_mac(key, m, n, tag) == 0 ? 0 : -1;
}

int peer_chacha20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                  const uint8_t key[32])
{
    return mbedtls_chacha20_crypt(key, nonce, 0, n, m, c) == 0 ? 0 : -1;
}

/* ---- P-256: big-endian scalars and coordinates, signatures r || s ---- */

static int p256_point(mbedtls_ecp_point *P, const uint8_t q[64])
{
    int ret = mbedtls_mpi_read_binary(&P->X, q, 32);
    if (ret == 0) ret = mbedtls_mpi_read_binary(&P->Y, q + 32, 32);
    if (ret == 0) ret = mbedtls_mpi_lset(&P->Z, 1);
    return ret;
}

int peer_p256_public(uint8_t q[64], const uint8_t d[32])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point Q;
    mbedtls_mpi k;
    int ret;
    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&Q);
    mbedtls_mpi_init(&k);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0) ret = mbedtls_mpi_read_binary(&k, d, 32);
    if (ret == 0) ret = mbedtls_ecp_mul(&grp, &Q, &k, &grp.G, lab_rng, NULL);
    if (ret == 0) ret = mbedtls_mpi_write_binary(&Q.X, q, 32);
    if (ret == 0) ret = mbedtls_mpi_write_binary(&Q.Y, q + 32, 32);
    mbedtls_mpi_free(&k);
    mbedtls_ecp_point_free(&Q);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? 0 : -1;
}

int peer_p256_ecdh(uint8_t z[32], const uint8_t d[32], const uint8_t q[64])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point Q;
    mbedtls_mpi k, s;
    int ret;
    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&Q);
    mbedtls_mpi_init(&k);
    mbedtls_mpi_init(&s);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0) ret = mbedtls_mpi_read_binary(&k, d, 32);
    if (ret == 0) ret = p256_point(&Q, q);
    if (ret == 0) ret = mbedtls_ecdh_compute_shared(&grp, &s, &Q, &k, lab_rng, NULL);
    if (ret == 0) ret = mbedtls_mpi_write_binary(&s, z, 32);
    mbedtls_mpi_free(&s);
    mbedtls_mpi_free(&k);
    mbedtls_ecp_point_free(&Q);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? 0 : -1;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t d[32], const uint8_t digest[32])
{
    mbedtls_ecp_group grp;
    mbedtls_mpi k, r, s;
    int ret;
    mbedtls_ecp_group_init(&grp);
    mbedtls_mpi_init(&k);
    mbedtls_mpi_init(&r);
    mbedtls_mpi_init(&s);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0) ret = mbedtls_mpi_read_binary(&k, d, 32);
    if (ret == 0) ret = mbedtls_ecdsa_sign(&grp, &r, &s, &k, digest, 32, lab_rng, NULL);
    if (ret == 0) ret = mbedtls_mpi_write_binary(&r, sig, 32);
    if (ret == 0) ret = mbedtls_mpi_write_binary(&s, sig + 32, 32);
    mbedtls_mpi_free(&s);
    mbedtls_mpi_free(&r);
    mbedtls_mpi_free(&k);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? 0 : -1;
}

int peer_p256_verify(const uint8_t sig[64], const uint8_t q[64], const uint8_t digest[32])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point Q;
    mbedtls_mpi r, s;
    int ret;
    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&Q);
    mbedtls_mpi_init(&r);
    mbedtls_mpi_init(&s);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0) ret = p256_point(&Q, q);
    if (ret == 0) ret = mbedtls_mpi_read_binary(&r, sig, 32);
    if (ret == 0) ret = mbedtls_mpi_read_binary(&s, sig + 32, 32);
    if (ret == 0) ret = mbedtls_ecdsa_verify(&grp, digest, 32, &Q, &r, &s);
    mbedtls_mpi_free(&s);
    mbedtls_mpi_free(&r);
    mbedtls_ecp_point_free(&Q);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? 0 : -1;
}
