// What a fuzz target tells its driver besides success: whether the reader accepted the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace mpnsim::fuzz {

// Called by a target when the reader accepted the input (rather than refusing it), so the
// driver can count both outcomes and keep accepted inputs as bases for more mutations.
void note_accepted();
// How many times note_accepted has been called in this process.
std::uint64_t accepted_count();

// A directory of this process's own, new under the system's temporary directory
// (<tmp>/<prefix>-XXXXXX, made by mkdtemp, so never a path someone else made or linked), removed
// with what it holds when the process exits normally. Throws when it cannot be made.
std::filesystem::path scratch_directory(const std::string& prefix);

// For readers that take a path: writes the input to `name` in this process's scratch directory
// (scratch_directory("mpnsim-fuzz"), made on first use, when the log is also silenced) and returns
// its path.
std::string write_input_file(const std::string& name, const std::uint8_t* data, std::size_t size);

}  // namespace mpnsim::fuzz
