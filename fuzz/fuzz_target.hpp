// The contract between a fuzz target (one file in fuzz/targets/) and the drivers that feed it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fuzz/fuzz_support.hpp"

// Every target file defines libFuzzer's entry point and nothing else public:
//
//   extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
//
// It hands the bytes to one reader and returns 0 when the reader either accepts them or
// refuses them with its documented input error (caught inside the target). Anything else
// escapes: another exception, a failed property (FuzzPropertyFailure), a crash, a hang or
// runaway memory. The mutation driver (mutation_driver.cpp) and libFuzzer (-fsanitize=fuzzer)
// both count those as findings. A target may also define LLVMFuzzerInitialize.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace mpnsim::fuzz {

// A property the target checks on accepted input (a round trip, an invariant) did not hold.
class FuzzPropertyFailure : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

inline void require(bool ok, const std::string& what) {
  if (!ok) throw FuzzPropertyFailure(what);
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace mpnsim::fuzz
