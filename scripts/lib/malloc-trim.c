// glibc's malloc_trim(0) for the server (scripts/lib/malloc-trim.mjs, decision 059): it gives the
// system back the pages of freed memory lying between blocks still in use, which free() never
// does. Node-API only, so one build serves any Node release.
#include <malloc.h>
#include <node_api.h>

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
  return released;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  return exports;
}
