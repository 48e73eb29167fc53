// What a fuzz target tells its driver besides success: whether the reader accepted the input.
#pragma once

#include <cstdint>

namespace mpnsim::fuzz {

// Called by a target when the reader accepted the input (rather than refusing it), so the
// driver can count both outcomes and keep accepted inputs as bases for more mutations.
void note_accepted();
// How many times note_accepted has been called in this process.
std::uint64_t accepted_count();

}  // namespace mpnsim::fuzz
