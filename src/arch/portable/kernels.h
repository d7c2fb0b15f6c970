/*
 * The end of every architecture search path (targets.txt, docs/kernels.md): no kernel is
 * switched on, so every family uses its portable C twin. A build whose search path names no
 * other directory (host-fe32) runs the portable code alone.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H
#endif
