/*
 * The operations the target firmware checks, shared by the host generator of expected values
 * (tests/gen/target_vectors.c) and the firmware (tests/target/suite.c, tests/target/ct.c).
 *
 * A vector blob is a sequence of records: op (1 byte), input length (2 bytes, little-endian),
 * the input, output length (2 bytes), the expected output; op 0 ends it. The input layout of
 * each op is written beside it (m: the message, whose length is what remains of the input).
 */
#ifndef MICROSALT_TARGET_OPS_H
#define MICROSALT_TARGET_OPS_H

enum target_op {
    OP_END = 0,
    /* group sym */
    OP_HASH = 1,            /* m -> crypto_hash */
    OP_HASHBLOCKS,          /* state[64] m -> new state[64] */
    OP_AUTH,                /* k[32] m -> tag[32]; also verify ok and forged */
    OP_ONETIMEAUTH,         /* k[32] m -> tag[16]; also verify ok and forged */
    OP_STREAM,              /* k[32] n[24] m -> crypto_stream_xor; also crypto_stream */
    OP_STREAM_SALSA20,      /* k[32] n[8] m -> crypto_stream_salsa20_xor; also the plain stream */
    OP_CORE_SALSA20,        /* in[16] k[32] c[16] -> out[64] */
    OP_CORE_HSALSA20,       /* in[16] k[32] c[16] -> out[32] */
    OP_SECRETBOX,           /* k[32] n[24] m (starting with 32 zero bytes) -> c; also open */
    OP_VERIFY,              /* x[16|32] y[16|32] -> rc[1] (0 or 0xff) of crypto_verify_16|32 */
    /* group dh */
    OP_SCALARMULT = 20,     /* n[32] p[32] -> q[32] rc[1] */
    OP_SCALARMULT_BASE,     /* n[32] -> q[32] */
    OP_BOX,                 /* sk_a[32] pk_a[32] sk_b[32] pk_b[32] n[24] m -> crypto_box; open */
    /* group sign */
    OP_SIGN_KEYPAIR = 40,   /* seed[32] -> pk[32] */
    OP_SIGN,                /* seed[32] m -> sig[64]; also crypto_sign, open and forgeries */
    OP_SIGN_VERIFY,         /* pk[32] sig[64] m -> rc[1] (Wycheproof verdicts) */
    /* group aead */
    OP_STREAM_CHACHA20 = 60,   /* k[32] n[8] m -> crypto_stream_chacha20_xor; also the stream */
    OP_STREAM_CHACHA20_IETF,   /* k[32] n[12] ic[4] m -> rc[1] c of crypto_stream_chacha20_ietf_xor_ic
                                * (rc 0xff and c all zeros when refused); ic 0: also _xor, stream */
    OP_STREAM_XCHACHA20,       /* k[32] n[24] m -> crypto_stream_xchacha20_xor; also the stream */
    OP_CORE_HCHACHA20,         /* in[16] k[32] c[16] -> out[32]; c all zeros stands for NULL */
    OP_AEAD_IETF,              /* k[32] n[12] adlen[1] ad m -> c tag[16]; also decrypt, detached
                                * forms, and a forgery */
    OP_AEAD_XCHACHA,           /* k[32] n[24] adlen[1] ad m -> c tag[16]; the same */
    OP_AEAD_IETF_OPEN,         /* k[32] n[12] adlen[1] ad c tag[16] -> rc[1] m (zeros on -1) */
    OP_AEAD_XCHACHA_OPEN       /* k[32] n[24] adlen[1] ad c tag[16] -> rc[1] m (zeros on -1) */
};

#endif
