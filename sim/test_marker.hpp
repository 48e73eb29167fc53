// A hook for tests of Ctrl-C: the file named by MPNSIM_TEST_MARKER appears once the process answers SIGINT.
#pragma once

namespace mpnsim {

// When the environment variable MPNSIM_TEST_MARKER names a path, creates that file (empty; an
// existing file or link of that name is left alone), once per process. Called where SIGINT starts
// to stop the work instead of killing the process (the commands' handlers, the Python module's
// relay): a test waits for the file, then sends the signal, so that it never guesses with a clock
// when the process is ready. Without the variable, nothing happens.
void write_test_marker();

}  // namespace mpnsim
