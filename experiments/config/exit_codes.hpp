// The exit codes every mpnsim command returns, for the commands of cli/ and of each kind.
#pragma once

namespace mpnsim {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;      // failed, or results written with a plot that could not be drawn
inline constexpr int kExitBadInput = 2;     // bad input: nothing run, nothing written
inline constexpr int kExitInterrupted = 130;

}  // namespace mpnsim
