// The build's paths for the tests (tests/CMakeLists.txt defines them for this file only).
#include "test_paths.hpp"

namespace mpnsim::testing {

const char* source_dir() { return MPNSIM_TEST_SOURCE_DIR; }
const char* mpnsim_binary() { return MPNSIM_TEST_BINARY; }

}  // namespace mpnsim::testing
