/* Shared by salsa20.c and xsalsa20.c. */
#ifndef MICROSALT_SALSA20_H
#define MICROSALT_SALSA20_H

/* "expand 32-byte k": Salsa20's constant for 256-bit keys, which XSalsa20 also gives to
 * HSalsa20. */
extern const unsigned char microsalt_salsa20_sigma[16];

#endif
