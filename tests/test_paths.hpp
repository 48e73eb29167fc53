// Where the tests find the source tree and the mpnsim executable.
#pragma once

namespace mpnsim::testing {

// The build's absolute paths are compiled into test_paths.cpp alone: were they definitions on
// every test object, each object would differ from one checkout or build directory to another,
// and a compiler cache could serve none of them to a second clone or a sanitizer build.
const char* source_dir();
const char* mpnsim_binary();

}  // namespace mpnsim::testing

// The names the tests have always used, now calls.
#define MPNSIM_SOURCE_DIR (::mpnsim::testing::source_dir())
#define MPNSIM_BINARY (::mpnsim::testing::mpnsim_binary())
