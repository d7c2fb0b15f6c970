/*
 * ntrulpr761: the NTRU LPRime key-encapsulation mechanism of NTRU Prime round 3
 * (p = 761, q = 4591, w = 250, tau0..3 = 2156, 114, 2007, 287, I = 256), byte-exact with
 * the specification "NTRU Prime: round 3" (2020) and its KAT.
 *
 * Layout: pk = S (32-byte seed) | Rounded_encode(A);  sk = Small_encode(a) | pk | rho | Hash4(pk);
 *         ct = Rounded_encode(B) | Top_encode(T) | HashConfirm.
 *
 * Memory: no malloc, no VLAs. The largest object is the 761-word list that the sorting
 * network turns into a short polynomial (3044 bytes); only the 256 coefficients of b*A and
 * a*B that the scheme uses are computed. Each phase lives in its own non-inlined function so
 * that the large arrays of different phases share stack.
 *
 * Constant time: everything derived from a, b, r or rho is handled with branch-free,
 * index-free code (the sorting network, the masks of common.h, Barrett-style reduction by
 * multiplication, the streamed ciphertext comparison). Decode only ever sees public bytes
 * (pk, ct) and may divide. AES-256-CTR runs with two kinds of key: the public seed S
 * (Generator; a table-based AES is fine there) and Hash5(r), derived from the secret
 * plaintext (HashShort; a bitsliced constant-time AES is used there). See the AES section.
 *
 * Two variants of the multiplication by the generator G, identical in output, share this code
 * (the KEM takes the variant's multiplication as a parameter). By default (rq_mul.c) G is
 * stored (1536 bytes of stack, padded to 768 coefficients) and multiplied by three levels of
 * Karatsuba on 32-bit cores; on AVR (1522 bytes) each product coefficient is one 32-bit dot
 * product. The reference variant (rq_mul_ref.c, under internal names, for the tests and the
 * lab) never stores G: its coefficients are produced 4 at a time by AES-256-CTR inside a
 * schoolbook multiplication.
 */
#include "ntrulpr761_internal.h"

typedef char ntrulpr761_sizes_ok[(PK_BYTES == crypto_kem_ntrulpr761_PUBLICKEYBYTES &&
                                  SK_BYTES == crypto_kem_ntrulpr761_SECRETKEYBYTES &&
                                  CT_BYTES == crypto_kem_ntrulpr761_CIPHERTEXTBYTES)
                                     ? 1
                                     : -1];

/* ======================================================================================
 * The KEM.
 * ====================================================================================== */

/* Round(G * s), Rounded_encode'd into the sink: the B (or, at keygen, A) part. */
static NOINLINE void rounded_gen_product(sink_t *out, const uint8_t seed[SEEDS_BYTES],
                                         const uint8_t s_enc[SMALL_BYTES],
                                         microsalt_ntrulpr761_mul_generator_fn mul_generator)
{
    int16_t c[P];
    uint16_t i;
    mul_generator(c, seed, s_enc);
    for (i = 0; i < P; i++) c[i] = (int16_t)round3_index(c[i]);
    rounded_encode(out, (uint16_t *)c);
    microsalt_wipe(c, sizeof c);
}

/* Rounded_decode of public bytes into coefficients in [-Q12, Q12] (a multiple of 3 each). */
static void rounded_decode_fq(int16_t X[P], const uint8_t *bytes)
{
    uint16_t i;
    rounded_decode((uint16_t *)X, bytes);
    for (i = 0; i < P; i++) X[i] = (int16_t)(3 * (uint16_t)X[i] - Q12);
}

/* T = Top(b A + r Q12) for the first I coefficients, Top_encode'd into the sink. */
static NOINLINE void top_part(sink_t *out, const uint8_t *pk, const uint8_t b_enc[SMALL_BYTES],
                              const uint8_t r_enc[INPUTS_BYTES])
{
    int16_t A[P];
    small_t b[P];
    mul_iter it;
    uint16_t i;
    rounded_decode_fq(A, pk + SEEDS_BYTES);
    small_unpack(b, b_enc, 1);
    mul_iter_init(&it, A, b);
    for (i = 0; i < NI; i += 2) {
        /* r_i Q12 as a mask, not a multiply: r_i is secret. */
        uint32_t r0 = (r_enc[i >> 3] >> (i & 7)) & 1, r1 = (r_enc[i >> 3] >> ((i + 1) & 7)) & 1;
        uint8_t t0 = top(fq_freeze(mul_iter_next(&it) + (int32_t)(Q12 & ct_mask_u32(r0))));
        uint8_t t1 = top(fq_freeze(mul_iter_next(&it) + (int32_t)(Q12 & ct_mask_u32(r1))));
        sink_put(out, (uint8_t)(t0 | (t1 << 4)));
    }
    microsalt_wipe(b, sizeof b);
}

/* HashShort(r) = Short_fromlist(Expand(h)) with h = Hash5(r_enc), as its Small encoding.
 * The caller hashes, so that SHA-512's stack is not stacked on top of the list. */
static NOINLINE void hash_short(uint8_t out[SMALL_BYTES], const uint8_t h[HASH_BYTES])
{
    uint32_t L[P];
    expand_ct(L, h);
    short_fromlist(out, L);
    microsalt_wipe(L, sizeof L);
}

/* Hide: the ciphertext of r_enc under pk, into the sink (written, or compared). */
static void hide(sink_t *out, const uint8_t r_enc[INPUTS_BYTES], const uint8_t *pk,
                 const uint8_t cache[HASH_BYTES],
                 microsalt_ntrulpr761_mul_generator_fn mul_generator)
{
    uint8_t b[SMALL_BYTES], conf[HASH_BYTES];
    uint8_t i;
    hash_prefix2(conf, 5, r_enc, INPUTS_BYTES, NULL, 0); /* conf holds Hash5(r_enc) first */
    hash_short(b, conf);
    rounded_gen_product(out, pk, b, mul_generator);
    top_part(out, pk, b, r_enc);
    hash_with_r(conf, 2, r_enc, cache, HASH_BYTES);
    for (i = 0; i < HASH_BYTES; i++) sink_put(out, conf[i]);
    microsalt_wipe(b, sizeof b);
}

/* Short_random: the list is one draw of 4p bytes, read as little-endian words (in place:
 * word i is built from bytes 4i..4i+3, which no earlier word overwrote). */
static NOINLINE void short_random(uint8_t out[SMALL_BYTES])
{
    uint32_t L[P];
    uint16_t i;
    randombytes((unsigned char *)L, sizeof L);
    for (i = 0; i < P; i++) L[i] = load32_le((const uint8_t *)&L[i]);
    short_fromlist(out, L);
    microsalt_wipe(L, sizeof L);
}

static int keypair(unsigned char *pk, unsigned char *sk,
                   microsalt_ntrulpr761_mul_generator_fn mul_generator)
{
    sink_t out;
    randombytes(pk, SEEDS_BYTES);
    ct_declassify(pk, SEEDS_BYTES); /* the seed S is public: it is the start of pk */
    short_random(sk);
    out.out = pk + SEEDS_BYTES;
    out.cmp = NULL;
    out.pos = 0;
    out.diff = 0;
    rounded_gen_product(&out, pk, sk, mul_generator);
    memcpy(sk + SMALL_BYTES, pk, PK_BYTES);
    randombytes(sk + SMALL_BYTES + PK_BYTES, INPUTS_BYTES);
    hash_prefix2(sk + SMALL_BYTES + PK_BYTES + INPUTS_BYTES, 4, pk, PK_BYTES, NULL, 0);
    return 0;
}

static int enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk,
               microsalt_ntrulpr761_mul_generator_fn mul_generator)
{
    uint8_t cache[HASH_BYTES], r_enc[INPUTS_BYTES];
    sink_t out;
    hash_prefix2(cache, 4, pk, PK_BYTES, NULL, 0);
    randombytes(r_enc, INPUTS_BYTES);
    out.out = ct;
    out.cmp = NULL;
    out.pos = 0;
    out.diff = 0;
    hide(&out, r_enc, pk, cache, mul_generator);
    hash_with_r(ss, 1, r_enc, ct, CT_BYTES);
    microsalt_wipe(r_enc, sizeof r_enc);
    return 0;
}

/* Decrypt: r_i = 1 when Right(T_i) - (a B)_i + 4w + 1 is negative mod q (centred). */
static NOINLINE void zdecrypt(uint8_t r_enc[INPUTS_BYTES], const uint8_t *ct, const uint8_t *sk)
{
    int16_t B[P];
    small_t a[P];
    mul_iter it;
    uint16_t i;
    rounded_decode_fq(B, ct);
    small_unpack(a, sk, 1);
    memset(r_enc, 0, INPUTS_BYTES);
    mul_iter_init(&it, B, a);
    for (i = 0; i < NI; i++) {
        uint8_t t = (uint8_t)((ct[ROUNDED_BYTES + (i >> 1)] >> (4 * (i & 1))) & 15);
        int32_t v = (int32_t)right(t) - mul_iter_next(&it) + 4 * W + 1;
        uint32_t bit = is_negative(fq_freeze(v));
        r_enc[i >> 3] |= (uint8_t)(bit << (i & 7));
    }
    microsalt_wipe(a, sizeof a);
}

static int dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk,
               microsalt_ntrulpr761_mul_generator_fn mul_generator)
{
    const uint8_t *pk = sk + SMALL_BYTES;
    const uint8_t *rho = pk + PK_BYTES;
    const uint8_t *cache = rho + INPUTS_BYTES;
    uint8_t r_enc[INPUTS_BYTES];
    uint8_t ok;
    sink_t cmp;
    zdecrypt(r_enc, ct, sk);
    cmp.out = NULL;
    cmp.cmp = ct;
    cmp.pos = 0;
    cmp.diff = 0;
    hide(&cmp, r_enc, pk, cache, mul_generator);
    /* ok = 1 when the re-encryption equals ct; otherwise use rho and hash prefix 0. */
    ok = (uint8_t)ct_is_zero_u32(cmp.diff);
    ct_cmov_bytes(r_enc, rho, INPUTS_BYTES, (uint8_t)(ok ^ 1));
    hash_with_r(ss, ok, r_enc, ct, CT_BYTES);
    microsalt_wipe(r_enc, sizeof r_enc);
    return 0;
}

int crypto_kem_ntrulpr761_keypair(unsigned char *pk, unsigned char *sk)
{
    return keypair(pk, sk, microsalt_ntrulpr761_mul_generator);
}

int crypto_kem_ntrulpr761_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk)
{
    return enc(ct, ss, pk, microsalt_ntrulpr761_mul_generator);
}

int crypto_kem_ntrulpr761_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk)
{
    return dec(ss, ct, sk, microsalt_ntrulpr761_mul_generator);
}

/* The reference variant (ntrulpr761.h): the same KEM with rq_mul_ref.c's multiplication. */
int microsalt_ntrulpr761_ref_keypair(unsigned char *pk, unsigned char *sk)
{
    return keypair(pk, sk, microsalt_ntrulpr761_ref_mul_generator);
}

int microsalt_ntrulpr761_ref_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk)
{
    return enc(ct, ss, pk, microsalt_ntrulpr761_ref_mul_generator);
}

int microsalt_ntrulpr761_ref_dec(unsigned char *ss, const unsigned char *ct,
                                 const unsigned char *sk)
{
    return dec(ss, ct, sk, microsalt_ntrulpr761_ref_mul_generator);
}
