/* NaCl/TweetNaCl-compatible header name: everything is declared in microsalt.h. */
#include "microsalt.h"
