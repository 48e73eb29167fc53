// One run's record as JSON and back: shared by slice files (--shard, MPI) and the journal of resumable runs.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "experiments/run/runner.hpp"

namespace mpnsim {

// {"point", "repetition", "seed", "metrics", "rows", "artifacts"}. Artifacts are [name, content]
// pairs, or names alone when `contents` is false (the journal: the files are already staged).
// Doubles round-trip exactly, infinities and NaN included.
nlohmann::json record_to_json(const RunRecord& r, bool contents);

// Reads a record written by record_to_json. Every problem is an InputError naming `origin`
// (a file, a rank) and the JSON path below `path`, such as
// "experiments[0].runs[3].artifacts[1][0]". Artifact names must be relative paths inside a
// subdirectory of the output (see artifact_path_problem): a record read from a file must not
// make a run write anywhere else.
RunRecord record_from_json(const nlohmann::json& j, const std::string& origin, const std::string& path,
                           bool contents);

}  // namespace mpnsim
