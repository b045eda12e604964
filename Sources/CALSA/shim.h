#ifndef HAPSYNTH_CALSA_SHIM_H
#define HAPSYNTH_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
