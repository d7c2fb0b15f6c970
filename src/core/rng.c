/*
 * The random generator of randombytes on bare metal, built on every target (hosts keep the
 * OS generator for randombytes, and test this one directly). docs/rng.md has the design and
 * the threat model.
 *
 * Seed: SHA-512 of a label, the persisted seed if any, and raw entropy that passed the health
 * tests (NIST SP 800-90B section 4.4's repetition count and adaptive proportion tests on its
 * bytes, with cutoffs from the configured per-bit claim, and a rejection of any short period);
 * the key is the hash's first 32 bytes.
 * Output: Salsa20 with fast key erasure (Bernstein, "Fast-key-erasure random-number
 * generators", 2017): each request takes the keystream of (key, nonce 0); its first 32 bytes
 * replace the key, the next len bytes are the output. A memory dump after a request therefore
 * holds no key that earlier output came from.
 *
 * Constant time: the raw entropy and the key are secret. The health tests accumulate their
 * verdict with the core header's masks and branch once, on the verdict (public: it is the
 * return value).
 */
#include "common.h"
#include "rng.h"
#include "rng_cutoffs.h"
#include "salsa20.h"
#include "sha512.h"

#define KEY_BYTES 32

static const uint8_t label_init[] = "microsalt rng init v1";
static const uint8_t label_mix[] = "microsalt rng mix v1";

static struct {
    uint8_t key[KEY_BYTES];
    uint8_t ready; /* 1 after a successful initialisation */
} rng;

/* Repeating periods the tests reject, in bytes: a region of one byte value, or of a pattern of
 * up to 16 bytes (a filled struct, a word pattern), carries no entropy at all. */
#define MAX_PERIOD 16

/* Returns 0xFFFFFFFF when the raw entropy fails a test, 0 when it passes. Constant time in the
 * bytes; the work depends on len only. */
static uint32_t health_fails(const uint8_t *e, size_t len)
{
    const uint32_t rct_cutoff = MICROSALT_RNG_RCT_CUTOFF(MICROSALT_RNG_MILLIBITS);
    const uint32_t apt_cutoff = MICROSALT_RNG_APT_CUTOFF(MICROSALT_RNG_MILLIBITS);
    uint32_t fails = 0, run = 1, count = 0;
    uint8_t first = e[0];
    size_t i, k;

    /* Repetition count (4.4.1): a run of rct_cutoff equal bytes. Adaptive proportion (4.4.2):
     * the first byte of a 512-byte window seen apt_cutoff times in it. */
    for (i = 0; i < len; i++) {
        if (i % MICROSALT_RNG_APT_WINDOW == 0) {
            first = e[i];
            count = 0;
        }
        if (i > 0) {
            run = ct_select_u32(ct_eq_u32(e[i], e[i - 1]), run + 1, 1);
        }
        count += ct_eq_u32(e[i], first);
        fails |= ~ct_lt_mask_u32(run, rct_cutoff) | ~ct_lt_mask_u32(count, apt_cutoff);
    }
    /* Periods 1..16: e[i] == e[i - k] for every i. */
    for (k = 1; k <= MAX_PERIOD && k < len; k++) {
        uint32_t diff = 0;
        for (i = k; i < len; i++) {
            diff |= (uint32_t)(e[i] ^ e[i - k]);
        }
        fails |= ct_mask_u32(ct_is_zero_u32(diff));
    }
    return fails;
}

/* Whether len bytes carry the required entropy by the claim (public: len is). */
static int enough(size_t len)
{
    return (unsigned long long)len * 8 * MICROSALT_RNG_MILLIBITS >=
           (unsigned long long)MICROSALT_RNG_MIN_ENTROPY_BITS * 1000;
}

/* The entropy is acceptable: enough of it, and the health tests pass. */
static int entropy_ok(const uint8_t *e, size_t len)
{
    uint32_t fails;
    if (e == NULL || !enough(len)) {
        return 0;
    }
    fails = health_fails(e, len);
    ct_declassify(&fails, sizeof fails);
    return fails == 0;
}

/* x = Salsa20's input for (key, nonce 0, block 0). */
static void stream_setup(uint32_t x[16], const uint8_t key[KEY_BYTES])
{
    static const uint8_t pos_key[8] = {1, 2, 3, 4, 11, 12, 13, 14};
    unsigned i;
    for (i = 0; i < 4; i++) {
        x[5 * i] = load32_le(microsalt_salsa20_sigma + 4 * i);
    }
    for (i = 0; i < 8; i++) {
        x[pos_key[i]] = load32_le(key + 4 * i);
    }
    x[6] = x[7] = x[8] = x[9] = 0;
}

int randombytes_generate(unsigned char *out, unsigned long long len)
{
    /* The kernel takes a size_t count of blocks: 16 bits on AVR. */
    const size_t max_blocks = SIZE_MAX / 64;
    uint32_t x[16];
    uint8_t block[64];
    unsigned long long first = len < 32 ? len : 32, rest = len - first, full = rest >> 6;
    size_t tail = (size_t)(rest & 63), blocks;

    if (!rng.ready) {
        memset(out, 0, (size_t)len);
        return -1;
    }
    stream_setup(x, rng.key);
    memset(block, 0, sizeof block);
    microsalt_salsa20_blocks(block, block, 1, x);
    memcpy(rng.key, block, KEY_BYTES);
    memcpy(out, block + KEY_BYTES, (size_t)first);
    out += first;
    memset(out, 0, (size_t)rest);
    while (full > 0) {
        blocks = full > max_blocks ? max_blocks : (size_t)full;
        microsalt_salsa20_blocks(out, out, blocks, x);
        out += 64 * blocks;
        full -= blocks;
    }
    if (tail > 0) {
        memset(block, 0, sizeof block);
        microsalt_salsa20_blocks(block, block, 1, x);
        memcpy(out, block, tail);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(block, sizeof block);
    return 0;
}

/* key = SHA-512(label || parts...)[0..32): the seed from the labelled inputs. */
static void rekey(microsalt_sha512_ctx *h)
{
    uint8_t digest[64];
    microsalt_sha512_final(h, digest);
    memcpy(rng.key, digest, KEY_BYTES);
    microsalt_wipe(digest, sizeof digest);
}

int randombytes_seed(const unsigned char *entropy, unsigned long long len,
                     const randombytes_store *store)
{
    microsalt_sha512_ctx h;
    uint8_t seed[RANDOMBYTES_SEEDBYTES], have_seed = 0;

    microsalt_wipe(&rng, sizeof rng);
    if (len > SIZE_MAX || !entropy_ok(entropy, (size_t)len)) {
        return -1;
    }
    if (store != NULL && store->read(seed, store->ctx) == 0) {
        have_seed = 1;
    } else {
        /* No seed: zeros, whatever a failed read left in the buffer. */
        memset(seed, 0, sizeof seed);
    }
    microsalt_sha512_init(&h);
    microsalt_sha512_update(&h, label_init, sizeof label_init - 1);
    microsalt_sha512_update(&h, &have_seed, 1);
    microsalt_sha512_update(&h, seed, sizeof seed);
    microsalt_sha512_update(&h, entropy, len);
    rekey(&h);
    rng.ready = 1;
    /* The persisted seed is replaced at once, before any output: a reset at any later point
     * starts from a seed no boot has used. */
    if (store != NULL &&
        (randombytes_generate(seed, sizeof seed) != 0 || store->write(seed, store->ctx) != 0)) {
        microsalt_wipe(&rng, sizeof rng);
        microsalt_wipe(seed, sizeof seed);
        return -1;
    }
    microsalt_wipe(seed, sizeof seed);
    return 0;
}

int randombytes_mix(const unsigned char *in, unsigned long long len)
{
    microsalt_sha512_ctx h;
    if (!rng.ready) {
        return -1;
    }
    microsalt_sha512_init(&h);
    microsalt_sha512_update(&h, label_mix, sizeof label_mix - 1);
    microsalt_sha512_update(&h, rng.key, KEY_BYTES);
    microsalt_sha512_update(&h, in, len);
    rekey(&h);
    return 0;
}

int randombytes_reseed(const unsigned char *entropy, unsigned long long len)
{
    if (!rng.ready || len > SIZE_MAX || !entropy_ok(entropy, (size_t)len)) {
        return -1;
    }
    return randombytes_mix(entropy, len);
}
