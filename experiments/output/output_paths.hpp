// The files a command is told to write (--gantt, --schedule, ...), checked before the work.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mpnsim {

// (flag without dashes, path) of each file a command writes; empty paths are left out.
using OutputPaths = std::vector<std::pair<std::string, std::string>>;

// Throws ParamError (bad input: exit 2, the flag named) before any work when a path could not
// be written as write_output_file would write it, so that a long run does not end in a refusal:
//  - its folder does not exist (mpnsim makes no folder for a file named on the command line:
//    a typo would otherwise leave a tree of folders behind), or is not a folder;
//  - it is a directory or a block device, or a symbolic link to anything but a pipe or a
//    device (output_file.hpp says why);
//  - two flags name the same file (one would silently overwrite the other).
// Pipes and devices (/dev/null, /dev/stdout, `>(cat)`) may be named by more than one flag.
void check_output_paths(const OutputPaths& paths);

}  // namespace mpnsim
