#ifndef HAPSYNTH_CALSA_SHIM_H
#define HAPSYNTH_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* libasound prints its own diagnostics to stderr through a variadic handler, which Swift cannot
   define; this one drops them (hapsynth reports errors in its own words, with snd_strerror). */
static void hapsynth_alsa_quiet_handler(const char *file, int line, const char *function, int err,
                                        const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void hapsynth_alsa_silence(void) {
    snd_lib_error_set_handler(hapsynth_alsa_quiet_handler);
}
#endif
