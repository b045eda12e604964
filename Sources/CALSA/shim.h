#ifndef HAPSYNTH_CALSA_SHIM_H
#define HAPSYNTH_CALSA_SHIM_H
#include <alsa/asoundlib.h>

#include <stdatomic.h>

/* The last system error libasound reported through its handler (an errno, 0: none). Some
   plugins report a failure only this way: the file plugin's write at drain returns success. */
static _Atomic int hapsynth_alsa_reported_errno = 0;

/* libasound prints its own diagnostics to stderr through a variadic handler, which Swift cannot
   define; this one drops them (hapsynth reports errors in its own words, with snd_strerror) and
   keeps the system error they carry. */
static void hapsynth_alsa_quiet_handler(const char *file, int line, const char *function, int err,
                                        const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)fmt;
    if (err > 0) atomic_store(&hapsynth_alsa_reported_errno, err);
}

/* The system error reported since the last call (0: none), cleared. */
static inline int hapsynth_alsa_take_reported_errno(void) {
    return atomic_exchange(&hapsynth_alsa_reported_errno, 0);
}

static inline void hapsynth_alsa_silence(void) {
    snd_lib_error_set_handler(hapsynth_alsa_quiet_handler);
}
#endif
