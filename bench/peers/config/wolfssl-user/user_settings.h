/* wolfSSL's settings.h includes "user_settings.h" by that name when WOLFSSL_USER_SETTINGS is
 * defined; the lab's configuration is bench/peers/config/wolfssl_user_settings.h. */
#include "../wolfssl_user_settings.h"
