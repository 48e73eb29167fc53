// What a fuzz target tells its driver besides success: whether the reader accepted the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace mpnsim::fuzz {

// Called by a target when the reader accepted the input (rather than refusing it), so the
// driver can count both outcomes and keep accepted inputs as bases for more mutations.
void note_accepted();
// How many times note_accepted has been called in this process.
std::uint64_t accepted_count();

// For readers that take a path: writes the input to `name` in this process's scratch directory
// (<tmp>/mpnsim-fuzz-<pid>/, made on first use, when the log is also silenced) and returns its path.
std::string write_input_file(const std::string& name, const std::uint8_t* data, std::size_t size);

}  // namespace mpnsim::fuzz
