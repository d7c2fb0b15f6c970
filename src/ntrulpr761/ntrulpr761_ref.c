/*
 * The reference variant of ntrulpr761: src/ntrulpr761/ntrulpr761.c compiled with NTRULPR761_REFERENCE
 * (the generator streamed, never stored) under internal names, so the tests can check it
 * against the default variant and the lab can measure both, as the published packages do.
 */
#define NTRULPR761_REFERENCE
#define crypto_kem_ntrulpr761_keypair microsalt_ntrulpr761_ref_keypair
#define crypto_kem_ntrulpr761_enc microsalt_ntrulpr761_ref_enc
#define crypto_kem_ntrulpr761_dec microsalt_ntrulpr761_ref_dec
#define microsalt_ntrulpr761_sort_u32 microsalt_ntrulpr761_ref_sort_u32
#define microsalt_ntrulpr761_fq_freeze microsalt_ntrulpr761_ref_fq_freeze
#define microsalt_ntrulpr761_mul_generator microsalt_ntrulpr761_ref_mul_generator
#include "ntrulpr761.c"
