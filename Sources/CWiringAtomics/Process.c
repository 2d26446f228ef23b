// What Wiring keeps once per process, in C: the process words, and the marker by which copies of
// Wiring loaded into one process find each other.
//
// NB: one C file for the whole target. With a second one, valgrind 3.19 gave up reading the
// debug information of every program that links Wiring ("Possibly corrupted debuginfo file").
#define _GNU_SOURCE
#include "CWiringAtomics.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

uintptr_t wiring_process_words[3];
__thread void *wiring_thread_state;

// Each copy of Wiring defines its own, exported under this fixed name, so a copy can look in
// every loaded image for one. (Apple systems list their images through dyld, in Swift:
// Sources/Wiring/Diagnostics/RuntimeCopies.swift.)
__attribute__((visibility("default"), used)) const unsigned char wiring_runtime_marker = 1;

#if defined(__linux__)
#include <link.h>

struct image_names {
  char **names;
  size_t count;
  size_t capacity;
};

// Only records names: the loader's lock is held here, so nothing may be loaded or looked up.
static int record_image(struct dl_phdr_info *info, size_t size, void *context) {
  (void)size;
  struct image_names *list = context;
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? list->capacity * 2 : 64;
    char **names = realloc(list->names, capacity * sizeof(char *));
    if (!names) return 1;
    list->names = names;
    list->capacity = capacity;
  }
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  list->names[list->count] = strdup(name);
  if (list->names[list->count]) list->count += 1;
  return 0;
}

size_t wiring_runtime_copies(void (*visit)(const char *path, void *context), void *context) {
  Dl_info own;
  // Hidden (see the header), so no other copy's definition can stand in for this address.
  if (!dladdr((const void *)&wiring_runtime_copies, &own)) return 0;
  visit(own.dli_fname ? own.dli_fname : "", context);
  size_t found = 1;

  struct image_names list = {0};
  dl_iterate_phdr(record_image, &list);
  const void **bases = calloc(list.count + 1, sizeof(void *));
  size_t seen = 0;
  if (bases) bases[seen++] = own.dli_fbase;
  for (size_t index = 0; index < list.count; index += 1) {
    const char *name = list.names[index];
    void *handle = dlopen(name[0] ? name : NULL, RTLD_NOLOAD | RTLD_LAZY);
    void *marker = handle ? dlsym(handle, "wiring_runtime_marker") : NULL;
    Dl_info image;
    if (bases && marker && dladdr(marker, &image)) {
      int known = 0;
      for (size_t other = 0; other < seen; other += 1) known |= bases[other] == image.dli_fbase;
      if (!known) {
        bases[seen++] = image.dli_fbase;
        visit(image.dli_fname ? image.dli_fname : name, context);
        found += 1;
      }
    }
    if (handle) dlclose(handle);
    free(list.names[index]);
  }
  free(list.names);
  free(bases);
  return found;
}
#endif
