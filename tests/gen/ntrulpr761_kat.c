/*
 * NIST-style KAT generator for ntrulpr761: the AES-256-CTR DRBG of NIST's PQC rng.c
 * (randombytes_init with a 48-byte entropy input, no personalization, then randombytes),
 * driven exactly as PQCgenKAT_kem drives it: entropy input 0, 1, ..., 47; 100 seeds of 48
 * bytes drawn from it; for each entry the DRBG re-initialised with its seed before keypair
 * and enc. Writes the .rsp to the file named by argv[1]; with a second argument `ref`, of the
 * reference variant (src/ntrulpr761_ref.c), which must give the same file. OpenSSL's AES
 * serves the DRBG only. Its randombytes replaces the library's (`make kat` links it so).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "ntrulpr761.h"


static unsigned char drbg_key[32], drbg_v[16];

static void aes256_ecb(const unsigned char key[32], const unsigned char in[16],
                       unsigned char out[16])
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int len = 0;
    if (!ctx || EVP_EncryptInit_ex(ctx, EVP_aes_256_ecb(), NULL, key, NULL) != 1 ||
        EVP_CIPHER_CTX_set_padding(ctx, 0) != 1 ||
        EVP_EncryptUpdate(ctx, out, &len, in, 16) != 1 || len != 16) {
        fprintf(stderr, "AES failed\n");
        exit(1);
    }
    EVP_CIPHER_CTX_free(ctx);
}

static void increment_v(void)
{
    int j;
    for (j = 15; j >= 0; j--) {
        if (drbg_v[j] == 0xff) {
            drbg_v[j] = 0;
        } else {
            drbg_v[j]++;
            break;
        }
    }
}

/* CTR_DRBG_Update: three blocks of AES(Key, ++V), xored with provided data if any. */
static void drbg_update(const unsigned char *provided)
{
    unsigned char temp[48];
    int i;
    for (i = 0; i < 3; i++) {
        increment_v();
        aes256_ecb(drbg_key, drbg_v, temp + 16 * i);
    }
    if (provided) {
        for (i = 0; i < 48; i++) temp[i] ^= provided[i];
    }
    memcpy(drbg_key, temp, 32);
    memcpy(drbg_v, temp + 32, 16);
}

static void randombytes_init(const unsigned char entropy[48])
{
    memset(drbg_key, 0, 32);
    memset(drbg_v, 0, 16);
    drbg_update(entropy);
}

void randombytes(unsigned char *x, unsigned long long xlen)
{
    unsigned char block[16];
    while (xlen > 0) {
        increment_v();
        aes256_ecb(drbg_key, drbg_v, block);
        if (xlen > 15) {
            memcpy(x, block, 16);
            x += 16;
            xlen -= 16;
        } else {
            memcpy(x, block, (size_t)xlen);
            xlen = 0;
        }
    }
    drbg_update(NULL);
}

static void print_hex(FILE *f, const char *label, const unsigned char *a, size_t n)
{
    size_t i;
    fputs(label, f);
    for (i = 0; i < n; i++) fprintf(f, "%02X", a[i]);
    if (n == 0) fputs("00", f);
    fputc('\n', f);
}

int main(int argc, char **argv)
{
    static unsigned char seeds[100][48];
    unsigned char entropy[48];
    static unsigned char pk[crypto_kem_ntrulpr761_PUBLICKEYBYTES];
    static unsigned char sk[crypto_kem_ntrulpr761_SECRETKEYBYTES];
    static unsigned char ct[crypto_kem_ntrulpr761_CIPHERTEXTBYTES];
    unsigned char ss[crypto_kem_ntrulpr761_BYTES], ss2[crypto_kem_ntrulpr761_BYTES];
    int ref = argc > 2 && strcmp(argv[2], "ref") == 0;
    int (*keypair)(unsigned char *, unsigned char *) =
        ref ? microsalt_ntrulpr761_ref_keypair : crypto_kem_ntrulpr761_keypair;
    int (*enc)(unsigned char *, unsigned char *, const unsigned char *) =
        ref ? microsalt_ntrulpr761_ref_enc : crypto_kem_ntrulpr761_enc;
    int (*dec)(unsigned char *, const unsigned char *, const unsigned char *) =
        ref ? microsalt_ntrulpr761_ref_dec : crypto_kem_ntrulpr761_dec;
    FILE *f;
    int i;

    if (argc < 2 || !(f = fopen(argv[1], "w"))) {
        fprintf(stderr, "usage: ntrulpr761_kat OUT.rsp [ref]\n");
        return 1;
    }
    for (i = 0; i < 48; i++) entropy[i] = (unsigned char)i;
    randombytes_init(entropy);
    for (i = 0; i < 100; i++) randombytes(seeds[i], 48);

    fprintf(f, "# ntrulpr761\n\n");
    for (i = 0; i < 100; i++) {
        randombytes_init(seeds[i]);
        fprintf(f, "count = %d\n", i);
        print_hex(f, "seed = ", seeds[i], 48);
        if (keypair(pk, sk) != 0) return 2;
        print_hex(f, "pk = ", pk, sizeof pk);
        print_hex(f, "sk = ", sk, sizeof sk);
        if (enc(ct, ss, pk) != 0) return 3;
        print_hex(f, "ct = ", ct, sizeof ct);
        print_hex(f, "ss = ", ss, sizeof ss);
        if (dec(ss2, ct, sk) != 0 || memcmp(ss, ss2, sizeof ss) != 0) {
            fprintf(stderr, "entry %d: dec does not recover the shared secret\n", i);
            return 4;
        }
        fprintf(f, "\n");
    }
    if (fclose(f) != 0) return 5;
    return 0;
}
