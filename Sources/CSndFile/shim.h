#ifndef HAPSYNTH_CSNDFILE_SHIM_H
#define HAPSYNTH_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
