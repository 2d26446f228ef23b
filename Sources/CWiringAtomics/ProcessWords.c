#include "CWiringAtomics.h"

uintptr_t wiring_process_words[3];
