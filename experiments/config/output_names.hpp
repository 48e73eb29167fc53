// Names that become files or directories of the output: portable names, and relative paths that stay inside.
#pragma once

#include <string>
#include <string_view>

namespace mpnsim {

// Letters, digits, '-', '_' and '.', at most 100 characters, not "." or "..": a name that is
// the same file on every system and cannot leave its directory.
bool is_portable_name(std::string_view name);

// `text` with every character a portable name does not allow replaced by '_' (for names made
// from column names, such as a plot's default name).
std::string portable_name(std::string_view text);

// The stem of one run's timeline files (Gantt, trace, timeline CSV): "point4_rep0_heft_hypercube-dim3",
// the sweep point and repetition, then what ran on what, so a file says what it shows without
// results.csv. Each label is made portable: '=' dropped, other characters outside [A-Za-z0-9._-]
// become '-' (runs of them one, none at the ends), at most 40 characters; an empty label is left out.
std::string artifact_stem(int point, int repetition, std::string_view variant, std::string_view network);

// Why `path` is not a relative path of portable names inside a subdirectory of the output
// ("gantt/point3_rep0.svg"), or "" when it is. Refused: empty paths and components, absolute
// paths, "." and "..", backslashes, and a path with no subdirectory (which could take the name
// of results.csv, summary.json or a plot).
std::string artifact_path_problem(std::string_view path);

// Where `text` holds a control character (C0 or DEL), named for a user ("a line break (byte
// 0x0a) at character 3"), or "" when it holds none. Text that goes into plots and output
// files is refused with it (issue #21).
std::string control_character_problem(std::string_view text);

}  // namespace mpnsim
